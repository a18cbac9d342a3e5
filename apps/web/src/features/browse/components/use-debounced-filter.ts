import { useEffect, useState } from 'react';

/** A filter change reloads the search after a 1 s pause (ordering-payments §4, §9). */
export const FILTER_DEBOUNCE_MS = 1000;

/** Selected filter values (cuisines, dietary needs) now (for the cards) and after the pause (for the query). */
export function useDebouncedSelection<T extends string = string>(initial: readonly T[] = []) {
  const [selected, setSelected] = useState<T[]>([...initial]);
  const [applied, setApplied] = useState<T[]>([...initial]);
  useEffect(() => {
    if (sameSet(selected, applied)) return;
    const timer = setTimeout(() => setApplied(selected), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [selected, applied]);
  return { selected, setSelected, applied, pending: !sameSet(selected, applied) };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}
