import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRanked, RankedCollection, type RankedDesign } from './search-ranking.ts';

/** A design and the tiers of the sets it belongs to (a design may be in several, or none). */
const design = fc.record({
  views: fc.integer({ min: 0, max: 5 }),
  created_us: fc.integer({ min: 0, max: 3 }),
  sets: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 4 }),
});

describe('search ranking', () => {
  it('orders by tier, then views, then newest, then id as PostgreSQL orders uuids', () => {
    const a = { id: '00000000-0000-4000-8000-00000000000a', tier: 5, views: 1, created_us: 1 };
    const sorted = [
      { ...a, views: 2 },
      { ...a, created_us: 2 },
      { ...a, id: '00000000-0000-4000-8000-00000000000b' },
      a,
      { ...a, tier: 4, views: 100 },
    ];
    expect([...sorted].reverse().sort(compareRanked)).toEqual(sorted);
  });

  it('a page built from the first `wanted` designs of each set equals that page of everything sorted', () => {
    fc.assert(
      fc.property(
        fc.array(design, { maxLength: 40 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        (designs, limit, page) => {
          const all: (RankedDesign & { sets: number[] })[] = designs
            .map((d, i) => ({
              id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
              tier: Math.max(0, ...d.sets),
              views: d.views,
              created_us: d.created_us,
              sets: d.sets,
            }))
            .filter((d) => d.sets.length > 0);
          const offset = (page - 1) * limit;
          const wanted = offset + limit;
          const byPopularity = (a: RankedDesign, b: RankedDesign) =>
            compareRanked({ ...a, tier: 0 }, { ...b, tier: 0 });

          const ranked = new RankedCollection();
          for (let tier = 1; tier <= 7; tier++) {
            // What the service reads for one set: its first `wanted` members, most viewed first.
            const members = all
              .filter((d) => d.sets.includes(tier))
              .sort(byPopularity)
              .slice(0, wanted);
            for (const d of members)
              ranked.add({ id: d.id, tier: d.tier, views: d.views, created_us: d.created_us });
          }
          const expected = [...all]
            .sort(compareRanked)
            .slice(offset, offset + limit)
            .map((d) => d.id);
          expect(ranked.page(offset, limit).map((d) => d.id)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps the best tier of a design found by several sets', () => {
    const ranked = new RankedCollection();
    const base = { id: 'x', views: 1, created_us: 1 };
    ranked.add({ ...base, tier: 2 });
    ranked.add({ ...base, tier: 6 });
    ranked.add({ ...base, tier: 3 });
    expect(ranked.page(0, 10)).toEqual([{ ...base, tier: 6 }]);
  });
});
