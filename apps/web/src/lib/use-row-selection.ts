import { useState } from 'react';

/**
 * Rows ticked in a list for a bulk action (the seller's orders, products), kept by id with their
 * rows so a selection outlives Load more. `shown` is what the list shows now: the header box
 * ticks or clears all of them.
 */
export function useRowSelection<Row extends { id: string }>(shown: readonly Row[] | undefined) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(new Map());
  const allShownSelected = Boolean(shown && shown.length > 0 && shown.every((row) => selected.has(row.id)));
  const someShownSelected = Boolean(shown?.some((row) => selected.has(row.id)));

  function toggle(row: Row) {
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  }

  function toggleAllShown() {
    setSelected((current) => {
      const next = new Map(current);
      for (const row of shown ?? []) {
        if (allShownSelected) next.delete(row.id);
        else next.set(row.id, row);
      }
      return next;
    });
  }

  return { selected, allShownSelected, someShownSelected, toggle, toggleAllShown, clear: () => setSelected(new Map()) };
}
