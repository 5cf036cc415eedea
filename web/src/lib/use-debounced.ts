import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (doc 1 §9: searches wait 500 ms). */
export function useDebounced<T>(value: T, ms = 500): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
