import { useSyncExternalStore } from 'react';

/**
 * Whether the CSS media query matches now, following later changes (a turned phone, a changed
 * setting). `serverValue` is the answer while rendering without a window.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
