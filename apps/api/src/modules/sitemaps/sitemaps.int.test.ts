import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeedRepo } from '../../seed/seed-repo.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { SITEMAP_BATCH } from './sitemaps-service.ts';

const PUBLIC_URL = 'https://shop.example';
const DESIGNS = 10_000;
const CREATORS = 20;
/** Lowered from the protocol's 50 000 so 10 000 designs fill several pages: 4, the last partial. */
const PAGE_SIZE = 3_000;

const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

/** The body as XML: well-formed (else the test fails naming the error), then parsed. */
function parseXml(body: string) {
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return parser.parse(body);
}

type UrlEntry = { loc: string; lastmod: string };

/** Every query's rows, counted per query: the design batches are those that return slugs. */
const designBatches: number[] = [];
const countDesignBatches: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async ({ result }) => {
    const first = result.rows[0] as Record<string, unknown> | undefined;
    if (first && 'slug' in first && 'username' in first) designBatches.push(result.rows.length);
    return result;
  },
};

describe('robots.txt and sitemaps', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  /** Every design's page address and last change, as the app links to it. */
  const expectedDesigns = new Map<string, string>();
  let publicCollectionId: string;
  const hiddenCollectionIds: string[] = [];
  let usernames: string[];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    t = await createTestApp(
      { PUBLIC_URL },
      { db: database.db.withPlugin(countDesignBatches), sitemapPageSize: PAGE_SIZE },
    );
    const seed = new SeedRepo(database.db);
    // A name with a character that must be percent-encoded in an address.
    const creators = await seed.insertUsers(
      Array.from({ length: CREATORS }, (_, i) => ({
        username: i === 0 ? 'Zoë_maker' : `maker${i}`,
        name: `Maker ${i}`,
        email: `maker${i}@example.com`,
        password_hash: null,
      })),
    );
    usernames = creators.map((c) => c.username);
    const start = Date.UTC(2026, 0, 1);
    for (let from = 0; from < DESIGNS; from += 500) {
      const rows = Array.from({ length: 500 }, (_, k) => {
        const n = from + k;
        return {
          user_id: creators[n % CREATORS]!.id,
          slug: `design-${n}`,
          name: `Design ${n}`,
          updated_at: new Date(start + n * 1000),
        };
      });
      await seed.insertDesigns(rows, () => []);
    }
    const owner = creators[1]!;
    const collections = await database.db
      .insertInto('collections')
      .values([
        { user_id: owner.id, name: 'Open', visibility: 'public' },
        { user_id: owner.id, name: 'Mine only', visibility: 'private' },
        { user_id: owner.id, name: 'Retired', visibility: 'public', archived_at: new Date() },
        { user_id: owner.id, name: 'Private, retired', visibility: 'private', archived_at: new Date() },
      ])
      .returning('id')
      .execute();
    publicCollectionId = collections[0]!.id;
    hiddenCollectionIds.push(...collections.slice(1).map((c) => c.id));

    const designs = await database.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select(['designs.slug', 'users.username', 'designs.updated_at'])
      .execute();
    for (const d of designs) {
      const loc = `${PUBLIC_URL}/design/${encodeURIComponent(d.username)}/${d.slug}`;
      expectedDesigns.set(loc, d.updated_at.toISOString().replace('.000Z', 'Z'));
    }
  });
  afterAll(async () => {
    await t.close();
    await drop();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('robots.txt: plain text, the signed-in screens and the API closed, the sitemap named', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/api/',
      '/dashboard',
      '/upload',
      '/settings',
      '/create-collection',
      '/MyPurchases',
      '/edit-design/',
      '/edit/',
      '/seller-dashboard',
      '/admin',
      '/payment-success',
      '/sandbox/',
      '/reset-password',
      '/unsubscribe',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Allow: /uploads/');
    // The public pages stay open: no rule is a prefix of their addresses.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
    for (const open of [
      '/',
      '/design/x/y',
      '/profile/x',
      '/collection/x',
      '/search?query=a',
      '/about',
      '/copyright',
    ])
      expect(
        disallowed.filter((rule) => open.startsWith(rule)),
        open,
      ).toEqual([]);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('the index lists every page of each kind, with its newest change', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const entries = parseXml(res.body).sitemapindex.sitemap as UrlEntry[];
    expect(entries.map((e) => e.loc)).toEqual([
      ...[1, 2, 3, 4].map((n) => `${PUBLIC_URL}/sitemaps/designs-${n}.xml`),
      `${PUBLIC_URL}/sitemaps/profiles-1.xml`,
      `${PUBLIC_URL}/sitemaps/collections-1.xml`,
    ]);
    // Each page's lastmod is the newest of the lastmods its page lists.
    for (const entry of entries) {
      const urls = await pageUrls(new URL(entry.loc).pathname);
      expect(entry.lastmod, entry.loc).toBe(
        urls
          .map((u) => u.lastmod)
          .sort()
          .at(-1),
      );
    }
  });

  async function pageUrls(path: string): Promise<UrlEntry[]> {
    const res = await get(path);
    expect(res.statusCode, path).toBe(200);
    return (parseXml(res.body).urlset?.url ?? []) as UrlEntry[];
  }

  it('lists every design once across the pages, at its page address, with its last change', async () => {
    const seen: UrlEntry[] = [];
    for (const n of [1, 2, 3, 4]) {
      const urls = await pageUrls(`/sitemaps/designs-${n}.xml`);
      expect(urls.length, `page ${n}`).toBe(n < 4 ? PAGE_SIZE : DESIGNS - 3 * PAGE_SIZE);
      seen.push(...urls);
    }
    expect(new Set(seen.map((u) => u.loc)).size).toBe(DESIGNS);
    expect(new Map(seen.map((u) => [u.loc, u.lastmod]))).toEqual(expectedDesigns);
    expect(seen.some((u) => u.loc.includes('/design/Zo%C3%AB_maker/'))).toBe(true);
  });

  it('reads a page in batches of rows, never the whole page at once', async () => {
    designBatches.length = 0;
    await pageUrls('/sitemaps/designs-2.xml');
    expect(designBatches.reduce((a, b) => a + b, 0)).toBe(PAGE_SIZE);
    expect(designBatches.length).toBeGreaterThanOrEqual(Math.ceil(PAGE_SIZE / SITEMAP_BATCH));
    expect(Math.max(...designBatches)).toBeLessThanOrEqual(SITEMAP_BATCH);
  });

  it('lists every profile, and only the collections anyone may see', async () => {
    const profiles = await pageUrls('/sitemaps/profiles-1.xml');
    expect(profiles.map((u) => u.loc).sort()).toEqual(
      usernames.map((name) => `${PUBLIC_URL}/profile/${encodeURIComponent(name)}`).sort(),
    );
    const collections = await pageUrls('/sitemaps/collections-1.xml');
    expect(collections.map((u) => u.loc)).toEqual([`${PUBLIC_URL}/collection/${publicCollectionId}`]);
    for (const id of hiddenCollectionIds) expect(collections.some((u) => u.loc.includes(id))).toBe(false);
  });

  it('answers 404 for a page or a kind that does not exist', async () => {
    for (const path of [
      '/sitemaps/designs-5.xml',
      '/sitemaps/designs-0.xml',
      '/sitemaps/designs-01.xml',
      '/sitemaps/designs-99999999999999999999.xml',
      '/sitemaps/profiles-2.xml',
      '/sitemaps/widgets-1.xml',
      '/sitemaps/designs-1.json',
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
