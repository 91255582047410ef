import type { SearchResponse } from '@printmarket/shared/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { createDesign } from '../../test/design-fixtures.ts';
import { SearchCache } from './search-cache.ts';
import { type SearchFilters, SearchRepo } from './search-repo.ts';
import { DEFAULT_SEARCH_OPTIONS, SearchService } from './search-service.ts';

const noFilters: SearchFilters = { category: null, price: null, tag: null };

/**
 * Kept answers against a real database: a change committed through the API or straight to the
 * database ends them at once, also for a service with a cache of its own (as another API instance
 * on the same database has), while a change of counters alone does not.
 */
describe('search cache', () => {
  let t: TestApp;
  let owner: { token: string; userId: string };
  /** Another instance's search: its own service and cache over the same database. */
  let other: SearchService;

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_CACHE_SECONDS: '600' });
    owner = await signUp(t.app, 'Keeper');
    for (const [slug, name, views] of [
      ['paper-lantern', 'Paper Lantern', 30],
      ['lantern-hook', 'Lantern Hook', 20],
    ] as const) {
      const design = await createDesign(t, owner.userId, { slug, name, imageNames: [] });
      await t.db.updateTable('designs').set({ views }).where('id', '=', design.id).execute();
    }
    other = new SearchService(new SearchRepo(t.db), DEFAULT_SEARCH_OPTIONS, new SearchCache(600_000));
  });
  afterAll(() => t.close());

  const viaApi = async (query: string, filters: Record<string, string> = {}): Promise<SearchResponse> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/designs/search?${new URLSearchParams({ query, ...filters })}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const viaOther = (text: string, filters = noFilters) => other.search({ text, page: 1, limit: 12, filters });
  /** The API's answer, which the other instance must give too. */
  const search = async (query: string) => {
    const answer = await viaApi(query);
    expect(await viaOther(query)).toEqual(answer);
    return answer;
  };
  const names = (answer: SearchResponse) => answer.designs.map((d) => d.name);
  const idOf = async (name: string) =>
    (await t.db.selectFrom('designs').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  it('gives a kept answer again while only counters changed, also to texts that read the same', async () => {
    const first = await search('lantern');
    expect(names(first)).toEqual(['Paper Lantern', 'Lantern Hook']);
    await t.db
      .updateTable('designs')
      .set({ views: 500 })
      .where('id', '=', await idOf('Lantern Hook'))
      .execute();
    expect(await viaApi('  LANTERN ')).toEqual(first);
    expect(await viaOther('Lantern')).toEqual(first);
    // Computed afresh, the new count puts the hook first: the answers above were kept ones.
    const uncached = new SearchService(new SearchRepo(t.db));
    const fresh = await uncached.search({ text: 'lantern', page: 1, limit: 12, filters: noFilters });
    expect(names(fresh)).toEqual(['Lantern Hook', 'Paper Lantern']);
  });

  it('finds a new design at once', async () => {
    await search('lantern');
    await createDesign(t, owner.userId, { slug: 'lantern-stand', name: 'Lantern Stand', imageNames: [] });
    expect(names(await search('lantern'))).toContain('Lantern Stand');
  });

  it('shows an edit made through the API at once', async () => {
    await search('lantern');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/edit/${await idOf('Lantern Stand')}`,
      headers: { 'x-auth-token': owner.token },
      payload: { name: 'Lantern Pedestal' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = names(await search('lantern'));
    expect(after).toContain('Lantern Pedestal');
    expect(after).not.toContain('Lantern Stand');
  });

  it('shows a price change at once, in the cards and the price filter', async () => {
    expect((await viaApi('lantern', { price: 'paid' })).designs).toEqual([]);
    const hook = (await search('lantern')).designs.find((d) => d.name === 'Lantern Hook');
    expect(hook).toMatchObject({ isPaid: false, price: 0 });
    await t.db
      .updateTable('designs')
      .set({ is_paid: true, price_cents: 350 })
      .where('id', '=', await idOf('Lantern Hook'))
      .execute();
    expect((await search('lantern')).designs.find((d) => d.name === 'Lantern Hook')).toMatchObject({
      isPaid: true,
      price: 3.5,
    });
    expect(names(await viaApi('lantern', { price: 'paid' }))).toEqual(['Lantern Hook']);
  });

  it('shows a new card picture at once', async () => {
    const before = (await search('paper lantern')).designs[0];
    expect(before).toMatchObject({ name: 'Paper Lantern', files: [] });
    await t.db
      .insertInto('design_files')
      .values({
        design_id: await idOf('Paper Lantern'),
        kind: 'image',
        name: 'lit.png',
        storage_key: 'images/lit.webp',
        card_key: 'images/lit-card.webp',
        size_bytes: 100,
        position: 0,
      })
      .execute();
    expect((await search('paper lantern')).designs[0]?.files).toHaveLength(1);
  });

  it("shows a person's new name and a deleted design's absence at once", async () => {
    expect((await search('keeper')).users.map((u) => u.name)).toEqual(['Keeper Name']);
    await t.db.updateTable('users').set({ name: 'Lamp Keeper' }).where('id', '=', owner.userId).execute();
    expect((await search('keeper')).users.map((u) => u.name)).toEqual(['Lamp Keeper']);

    await search('lantern');
    await t.db.deleteFrom('designs').where('name', '=', 'Lantern Pedestal').execute();
    expect(names(await search('lantern'))).not.toContain('Lantern Pedestal');
  });
});
