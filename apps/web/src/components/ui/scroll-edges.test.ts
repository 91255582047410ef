import { describe, expect, it } from 'vitest';
import { scrollDeltaToShow, scrollEdges } from './scroll-edges.ts';

describe('scroll edges', () => {
  it('says on which sides a row has more than fits', () => {
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 300, scrollWidth: 300 })).toEqual({
      start: false,
      end: false,
    });
    expect(scrollEdges({ scrollLeft: 0, clientWidth: 300, scrollWidth: 420 })).toEqual({
      start: false,
      end: true,
    });
    expect(scrollEdges({ scrollLeft: 60, clientWidth: 300, scrollWidth: 420 })).toEqual({
      start: true,
      end: true,
    });
    // At the end, up to a fraction of a pixel short of it (zoomed pages).
    expect(scrollEdges({ scrollLeft: 119.6, clientWidth: 300, scrollWidth: 420 })).toEqual({
      start: true,
      end: false,
    });
  });

  it('scrolls an item clear of the faded edges, and not at all when it is in view', () => {
    const row = { left: 0, right: 300 };
    expect(scrollDeltaToShow({ left: 100, right: 180 }, row, 32)).toBe(0);
    // Past the right edge: brought in, 32 px clear of it.
    expect(scrollDeltaToShow({ left: 280, right: 380 }, row, 32)).toBe(112);
    // Before the left edge: brought back, 32 px clear of it.
    expect(scrollDeltaToShow({ left: -50, right: 40 }, row, 32)).toBe(-82);
    // Wider than the row: its start is shown rather than its end.
    expect(scrollDeltaToShow({ left: 200, right: 600 }, row, 32)).toBe(200);
  });
});
