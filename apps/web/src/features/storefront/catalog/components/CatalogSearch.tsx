import { useEffect, useRef, useState } from 'react';
import { SearchField } from '../../../../components/SearchField';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';

/** The search box of the catalog: the URL's `q`, written back once the buyer stops typing. */
export function CatalogSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  const settled = useDebouncedValue(text.trim(), 300);
  // The search this box last asked for: a different `q` comes from elsewhere (Back, a link).
  const asked = useRef(q);
  // The page passes a new onSearch every render: keep the latest, so only a settled change of
  // the text (not a re-render) searches.
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (q === asked.current) return;
    asked.current = q;
    setText(q);
  }, [q]);
  useEffect(() => {
    if (settled === asked.current) return;
    asked.current = settled;
    onSearchRef.current(settled);
  }, [settled]);

  return <SearchField label="Search products" value={text} onChange={setText} />;
}

export default CatalogSearch;
