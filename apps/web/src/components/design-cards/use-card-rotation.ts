import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react';
import { useMediaQuery } from '@/lib/use-media-query.ts';

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const isPageVisible = () => document.visibilityState !== 'hidden';

/** Whether the element is on screen; cards scrolled out of view stop rotating and fetching. */
function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setInView(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}

type Rotation = {
  /** The image shown now. */
  index: number;
  /**
   * How many images (from the first) should be in the document. Images are added one step ahead of
   * the one on screen, so each has loaded before it fades in, and a card nobody watches never
   * downloads the rest of its photos.
   */
  mountedCount: number;
};

/**
 * Steps through `count` preview images every `intervalMs`. It holds still when there is nothing to
 * rotate, when the person prefers reduced motion, while the tab is hidden, while the card is off
 * screen and while `paused` (the pointer or keyboard focus is on the card).
 */
export function useCardRotation(options: {
  count: number;
  intervalMs: number;
  paused: boolean;
  targetRef: RefObject<Element | null>;
}): Rotation {
  const { count, intervalMs, paused, targetRef } = options;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', true);
  const pageVisible = useSyncExternalStore(subscribeVisibility, isPageVisible, () => false);
  const inView = useInView(targetRef);
  const running = count > 1 && intervalMs > 0 && !reducedMotion && pageVisible && inView && !paused;

  const [state, setState] = useState({ index: 0, highest: 0 });
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      setState((s) => {
        const next = (s.index + 1) % count;
        return { index: next, highest: Math.max(s.highest, next) };
      });
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [running, count, intervalMs]);

  if (count <= 1) return { index: 0, mountedCount: count };
  // The design may have fewer images than before (the list was refreshed); stay within range.
  const index = state.index % count;
  return { index, mountedCount: Math.min(count, Math.max(state.highest, index) + (running ? 2 : 1)) };
}
