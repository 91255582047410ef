import { useMediaQuery } from '@/lib/use-media-query.ts';

/** Whether the person asked for less motion (no typewriter, no dodging). Follows later changes. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
