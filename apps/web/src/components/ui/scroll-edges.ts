import { type RefObject, useEffect, useState } from 'react';

/** Whether a sideways-scrolling row has more to show before (`start`) and after (`end`) what is seen. */
export type ScrollEdges = { start: boolean; end: boolean };

/** A pixel of slack: zoomed pages report fractional scroll positions that never quite reach the end. */
const SLACK = 1;

export function scrollEdges(box: {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}): ScrollEdges {
  return {
    start: box.scrollLeft > SLACK,
    end: box.scrollLeft + box.clientWidth < box.scrollWidth - SLACK,
  };
}

/**
 * How far to scroll a row sideways so that `item` is in full view, `margin` pixels clear of the edges
 * (where the fade covers it); 0 when it already is.
 */
export function scrollDeltaToShow(
  item: { left: number; right: number },
  row: { left: number; right: number },
  margin: number,
): number {
  if (item.left < row.left + margin) return item.left - row.left - margin;
  if (item.right > row.right - margin) return Math.min(item.right - row.right + margin, item.left - row.left);
  return 0;
}

/** The scroll edges of the element in `ref`, kept current while it scrolls or changes size. */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () =>
      setEdges((previous) => {
        const next = scrollEdges(element);
        return previous.start === next.start && previous.end === next.end ? previous : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The row's own size (a turned phone) and its content's (a web font arriving) both move the edges.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);
  return edges;
}
