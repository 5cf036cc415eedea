import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls the latest `fn` once, `ms` after the first call of a burst: later calls within it join that
 * one (an import pushes a frame per row, one reload serves them all). Without `ms`, every call at once.
 */
export function useCoalesced(fn: () => void, ms?: number): () => void {
  const latest = useRef(fn);
  latest.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(() => {
    if (!ms) return latest.current();
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, ms);
  }, [ms]);
}
