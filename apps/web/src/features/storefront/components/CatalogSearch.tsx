import { useEffect, useRef, useState } from 'react';
import { SearchField } from '../../../components/SearchField';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The search box of the catalog: the URL's `q`, written back once the buyer stops typing. */
export function CatalogSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text.trim(), 300);
  // The search this box last asked for: a different `q` comes from elsewhere (Back, a link).
  const asked = useRef(q);

  useEffect(() => {
    if (q === asked.current) return;
    asked.current = q;
    setText(q);
  }, [q]);
  useEffect(() => {
    if (settled === asked.current) return;
    asked.current = settled;
    onSearch(settled);
    // Only a settled change of the text searches (onSearch is a new function every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return <SearchField label="Search products" value={text} onChange={setText} />;
}

export default CatalogSearch;
