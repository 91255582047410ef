import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { type SearchFilters, SearchRepo } from './search-repo.ts';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions, SearchService } from './search-service.ts';

const noFilters: SearchFilters = { category: null, price: null, tag: null };

/**
 * 60 designs, most viewed first by their number: every even one a gear (30); the odd ones among the
 * ten most viewed benchies (5), the two least viewed sprockets, the rest blocks (23). With a window
 * of the ten most viewed, half of it is gears and half benchies.
 */
function catalogue() {
  return Array.from({ length: 60 }, (_, i) => {
    const kind = i % 2 === 0 ? 'Gear' : i < 10 ? 'Benchy' : i >= 57 ? 'Sprocket' : 'Block';
    return { name: `${kind} ${i}`, views: 1000 - i };
  });
}

describe('search totals', () => {
  let t: TestApp;
  let service: (options: Partial<SearchOptions>) => SearchService;
  const small: Partial<SearchOptions> = { windowSize: 10, maxResults: 8, estimateMinSample: 3 };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signUp(t.app, 'Counter');
    await t.db
      .insertInto('designs')
      .values(
        catalogue().map((d) => ({
          user_id: owner.userId,
          slug: d.name.toLowerCase().replace(' ', '-'),
          name: d.name,
          views: d.views,
        })),
      )
      .execute();
    // The estimate scales the window's share by the catalogue's size as PostgreSQL last measured it.
    await sql`analyze designs`.execute(t.db);
    const repo = new SearchRepo(t.db);
    service = (options) => new SearchService(repo, { ...DEFAULT_SEARCH_OPTIONS, ...options });
  });
  afterAll(() => t.close());

  const search = (options: Partial<SearchOptions>, text: string, page = 1) =>
    service(options).search({ text, page, limit: 2, filters: noFilters });
  const names = async (options: Partial<SearchOptions>, text: string, page = 1) =>
    (await search(options, text, page)).designs.map((d) => d.name);

  it('counts exactly when the window holds the whole catalogue', async () => {
    expect(await search({}, 'gear')).toMatchObject({ total: 30, totalPages: 15, capped: false });
  });

  it("estimates a large total from the window's share of matches, and pages only up to the cap", async () => {
    // 5 of the 10 most viewed are gears: 5 / 10 of 60 designs.
    expect(await search(small, 'gear')).toMatchObject({ total: 30, totalPages: 4, capped: true });
    expect(await names(small, 'gear')).toEqual(['Gear 0', 'Gear 2']);
    expect(await names(small, 'gear', 4)).toEqual(['Gear 12', 'Gear 14']);
    expect(await names(small, 'gear', 5)).toEqual([]);
  });

  it('counts exactly in the index when the window has too few matches to estimate from', async () => {
    expect(await search(small, 'sprocket')).toMatchObject({ total: 2, totalPages: 1, capped: false });
    expect(await names(small, 'sprocket')).toEqual(['Sprocket 57', 'Sprocket 59']);
    expect(await search({ ...small, estimateMinSample: 6 }, 'gear')).toMatchObject({ capped: true });
    // Past the cap the count only says "more": at least one past it.
    const blocks = await search(small, 'block');
    expect(blocks).toMatchObject({ totalPages: 4, capped: true });
    expect(blocks.total).toBeGreaterThan(8);
  });

  it('corrects an estimate the popularity of the matches misled, once the pages run out', async () => {
    // All 5 benchies are among the 10 most viewed, so the window suggests 30.
    expect(await search(small, 'benchy')).toMatchObject({ total: 30, capped: true });
    const last = await search(small, 'benchy', 3);
    expect(last.designs.map((d) => d.name)).toEqual(['Benchy 9']);
    expect(last).toMatchObject({ total: 5, totalPages: 3, capped: false });
  });
});
