import { useSyncExternalStore } from 'react';

/** Live window width, for the drawer breakpoints (1200 px open by default, 600 px overlay). */
export function useWindowWidth(): number {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('resize', cb);
      return () => window.removeEventListener('resize', cb);
    },
    () => window.innerWidth,
    () => 1280,
  );
}
