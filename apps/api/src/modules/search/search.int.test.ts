import type { Category } from '@printmarket/shared/constants';
import type { SearchResponse } from '@printmarket/shared/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { type SearchFilters, SearchRepo } from './search-repo.ts';
import { DEFAULT_SEARCH_OPTIONS, SearchService } from './search-service.ts';

type Seed = {
  name: string;
  tags: string[];
  description: string;
  views: number;
  category: Category;
  priceCents?: number;
};

/** Every query below has one known best answer among these (the comments say why). */
const DESIGNS: Seed[] = [
  {
    name: 'Red Dragon Figurine',
    tags: ['dragon', 'fantasy'],
    description: 'A coiled dragon for the shelf.',
    views: 50,
    category: 'Art',
  },
  {
    name: 'Red Dragon Figurine Deluxe',
    tags: ['dragon', 'fantasy'],
    description: 'Wings spread wide.',
    views: 900,
    category: 'Art',
    priceCents: 499,
  },
  {
    name: 'Dragon Egg Planter',
    tags: ['planter'],
    description: 'A cracked egg that holds a succulent.',
    views: 300,
    category: 'Home',
  },
  {
    name: 'Baby Dragon Keychain',
    tags: ['keychain', 'gift'],
    description: 'Tiny and cute.',
    views: 120,
    category: 'Fashion',
  },
  // 'dragon' only in the description, and the most viewed design of all.
  {
    name: 'Castle Gate',
    tags: ['castle', 'tabletop'],
    description: 'Guarded by a stone dragon.',
    views: 2000,
    category: 'Game',
  },
  // 'succulent' only as a tag, with few views...
  {
    name: 'Ribbed Planter',
    tags: ['succulent', 'garden'],
    description: 'A ribbed pot.',
    views: 40,
    category: 'Home',
  },
  // ...and only in the description, with many.
  {
    name: 'Hanging Basket',
    tags: ['garden'],
    description: 'Hang a succulent or a fern in it.',
    views: 800,
    category: 'Home',
  },
  {
    name: 'Twisted Spiral Vase',
    tags: ['vase', 'decor'],
    description: 'Prints in vase mode.',
    views: 500,
    category: 'Home',
  },
  {
    name: 'Wavy Bud Vase',
    tags: ['vase', 'flowers'],
    description: 'For a single stem.',
    views: 20,
    category: 'Home',
  },
  {
    name: 'Spiral Staircase Model',
    tags: ['architecture'],
    description: 'A twisted staircase.',
    views: 100,
    category: 'Architecture',
  },
  {
    name: 'Catapult Kit',
    tags: ['siege', 'toy'],
    description: 'It throws paper balls.',
    views: 30,
    category: 'Game',
  },
  // 'orbit' in a name, a tag and a description, equally viewed.
  { name: 'Orbit Lamp', tags: ['lamp'], description: 'Rings around a bulb.', views: 10, category: 'Art' },
  {
    name: 'Desk Globe',
    tags: ['orbit', 'science'],
    description: 'Spins on a stand.',
    views: 10,
    category: 'Misc',
  },
  {
    name: 'Solar System Mobile',
    tags: ['science'],
    description: 'Planets on their orbit.',
    views: 10,
    category: 'Misc',
  },
  {
    name: 'Planetary Gear Set',
    tags: ['gear', 'mechanism'],
    description: 'Sun, planets and a ring.',
    views: 700,
    category: 'Gadget',
  },
  {
    name: 'Gear Coaster',
    tags: ['gear', 'kitchen'],
    description: 'Keeps the table dry.',
    views: 60,
    category: 'Home',
  },
  {
    name: 'Knurled Control Knob',
    tags: ['knob'],
    description: 'Fits 6 mm shafts.',
    views: 90,
    category: 'Tools',
    priceCents: 150,
  },
  {
    name: 'Chess Rook',
    tags: ['chess', 'board game'],
    description: 'Weighted base.',
    views: 400,
    category: 'Game',
  },
  {
    name: 'Chess Knight',
    tags: ['chess'],
    description: 'A horse head.',
    views: 350,
    category: 'Game',
    priceCents: 199,
  },
  {
    name: 'Moon Lamp Shell',
    tags: ['lamp', 'moon'],
    description: 'Print it in white.',
    views: 250,
    category: 'Art',
    priceCents: 899,
  },
  {
    name: 'Cable Organizer',
    tags: ['desk', 'organizer'],
    description: 'Tidy cables.',
    views: 75,
    category: 'Tools',
  },
  { name: 'Napkin Ring', tags: ['table'], description: 'For dinner.', views: 15, category: 'Home' },
];

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

describe(`search`, () => {
  let t: TestApp;
  let owner: { token: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t.app, 'Lister');
    const base = Date.parse('2026-01-01T00:00:00Z');
    await t.db
      .insertInto('designs')
      .values(
        DESIGNS.map((d, i) => ({
          user_id: owner.userId,
          slug: slugOf(d.name),
          name: d.name,
          description: d.description,
          tags: d.tags,
          category: d.category,
          views: d.views,
          is_paid: (d.priceCents ?? 0) > 0,
          price_cents: d.priceCents ?? 0,
          created_at: new Date(base + i * 60_000),
        })),
      )
      .execute();
    await register('LayerLab', 'Lena Park');
    await register('DragonSmith', 'Sam Forge');
    await register('GearheadGus', 'Gus Lindqvist');
  });
  afterAll(() => t.close());

  async function register(username: string, name: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username,
        name,
        email: `${username.toLowerCase()}@example.com`,
        password: 'teapot-lantern-9',
      },
    });
    expect(res.statusCode).toBe(201);
  }

  const search = async (params: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/designs/search?${new URLSearchParams(params)}`,
    });
    return { status: res.statusCode, body: res.json() as SearchResponse, headers: res.headers };
  };
  const names = async (params: Record<string, string>) =>
    (await search(params)).body.designs.map((d) => d.name);

  describe('relevance', () => {
    it('puts the design with exactly the searched name first, above a more viewed longer name', async () => {
      const found = await names({ query: 'Red Dragon Figurine' });
      expect(found.slice(0, 2)).toEqual(['Red Dragon Figurine', 'Red Dragon Figurine Deluxe']);
    });

    it('ranks name matches above a more viewed description match', async () => {
      expect(await names({ query: 'dragon' })).toEqual([
        'Red Dragon Figurine Deluxe',
        'Dragon Egg Planter',
        'Baby Dragon Keychain',
        'Red Dragon Figurine',
        'Castle Gate',
      ]);
    });

    it('finds a design by a tag alone, above designs that only mention the word', async () => {
      expect(await names({ query: 'succulent' })).toEqual([
        'Ribbed Planter',
        'Hanging Basket',
        'Dragon Egg Planter',
      ]);
    });

    it('weighs name above tags above description', async () => {
      expect(await names({ query: 'orbit' })).toEqual(['Orbit Lamp', 'Desk Globe', 'Solar System Mobile']);
    });

    it('matches every word in any order', async () => {
      const found = await names({ query: 'figurine   dragon' });
      expect(found).toEqual(['Red Dragon Figurine Deluxe', 'Red Dragon Figurine']);
    });

    it('matches the last word as the start of a word while it is typed', async () => {
      expect(await names({ query: 'catap' })).toEqual(['Catapult Kit']);
      expect((await names({ query: 'twis' }))[0]).toBe('Twisted Spiral Vase');
      expect(await names({ query: 'chess kni' })).toEqual(['Chess Knight']);
    });

    it('finds other forms of a word (stemming)', async () => {
      expect((await names({ query: 'dragons' }))[0]).toBe('Red Dragon Figurine Deluxe');
    });

    it('orders equally relevant designs by views', async () => {
      expect(await names({ query: 'vase' })).toEqual(['Twisted Spiral Vase', 'Wavy Bud Vase']);
    });

    it('tolerates typos through similar spellings, and says so', async () => {
      const typo = await search({ query: 'dragn' });
      expect(typo.body.approximate).toBe(true);
      expect(typo.body.designs[0]?.name).toBe('Red Dragon Figurine Deluxe');
      expect(typo.body.designs.map((d) => d.name)).toContain('Baby Dragon Keychain');
      expect(await names({ query: 'keychian' })).toEqual(['Baby Dragon Keychain']);
      expect((await names({ query: 'spirl vase' }))[0]).toBe('Twisted Spiral Vase');
      const exact = await search({ query: 'dragon' });
      expect(exact.body.approximate).toBe(false);
    });

    it('finds nothing for words no design has, and for text without words', async () => {
      for (const query of ['zzqxv', '!!!']) {
        const { status, body } = await search({ query });
        expect(status).toBe(200);
        expect(body).toMatchObject({ designs: [], users: [], total: 0, totalPages: 0, page: 1 });
      }
    });
  });

  describe('filters', () => {
    it('keeps only designs of a category, any case', async () => {
      expect(await names({ query: 'dragon', category: 'art' })).toEqual([
        'Red Dragon Figurine Deluxe',
        'Red Dragon Figurine',
      ]);
    });

    it('keeps only free or only paid designs', async () => {
      expect(await names({ query: 'dragon', price: 'paid' })).toEqual(['Red Dragon Figurine Deluxe']);
      expect(await names({ query: 'dragon', price: 'free' })).not.toContain('Red Dragon Figurine Deluxe');
      expect(await names({ query: 'chess', price: 'paid' })).toEqual(['Chess Knight']);
    });

    it('keeps only designs with a tag', async () => {
      expect(await names({ query: 'dragon', tag: ' Fantasy ' })).toEqual([
        'Red Dragon Figurine Deluxe',
        'Red Dragon Figurine',
      ]);
      const combined = await search({ query: 'lamp', tag: 'moon', price: 'paid', category: 'Art' });
      expect(combined.body.designs.map((d) => d.name)).toEqual(['Moon Lamp Shell']);
      expect(combined.body.total).toBe(1);
    });

    it('refuses unknown filter values with 400', async () => {
      const invalid: Record<string, string>[] = [
        { query: 'dragon', category: 'Spaceships' },
        { query: 'dragon', price: 'cheap' },
        { query: 'dragon', tag: 'x'.repeat(31) },
      ];
      for (const params of invalid) {
        const res = await search(params);
        expect(res.status, JSON.stringify(params)).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('paging', () => {
    it('pages through the results in order, each design once', async () => {
      const pages = [];
      for (let page = 1; page <= 3; page++)
        pages.push((await search({ query: 'dragon', limit: '2', page: String(page) })).body);
      expect(pages.map((p) => p.designs.map((d) => d.name))).toEqual([
        ['Red Dragon Figurine Deluxe', 'Dragon Egg Planter'],
        ['Baby Dragon Keychain', 'Red Dragon Figurine'],
        ['Castle Gate'],
      ]);
      expect(pages[0]).toMatchObject({ total: 5, totalPages: 3, page: 1, capped: false });
      const past = await search({ query: 'dragon', limit: '2', page: '4' });
      expect(past.body.designs).toEqual([]);
      expect(past.body.total).toBe(5);
    });

    it('uses 12 per page by default and caps the page size', async () => {
      expect((await search({ query: 'a' })).body.designs.length).toBeLessThanOrEqual(12);
      const all = await search({ query: 'e', limit: '1000' });
      expect(all.status).toBe(200);
      expect(all.body.designs.length).toBeLessThanOrEqual(48);
    });

    it('answers design cards with images, owner and counts, like the home listing', async () => {
      const card = (await search({ query: 'Chess Rook' })).body.designs[0]!;
      expect(card).toMatchObject({
        _id: card.id,
        slug: 'chess-rook',
        name: 'Chess Rook',
        user: { _id: owner.userId, username: 'Lister', profilePicture: null },
        views: 400,
        likesCount: 0,
        isPaid: false,
        price: 0,
        category: 'Game',
        tags: ['chess', 'board game'],
        files: [],
      });
    });
  });

  describe('users', () => {
    it('finds people by the start of their username, by name, and with typos', async () => {
      const byPrefix = (await search({ query: 'drago' })).body.users.map((u) => u.username);
      expect(byPrefix[0]).toBe('DragonSmith');
      expect((await search({ query: 'lena' })).body.users.map((u) => u.username)).toEqual(['LayerLab']);
      expect((await search({ query: 'layer lab' })).body.users[0]?.username).toBe('LayerLab');
      expect((await search({ query: 'gearhed' })).body.users.map((u) => u.username)).toEqual(['GearheadGus']);
      expect((await search({ query: 'vase' })).body.users).toEqual([]);
    });

    it('shows public profile fields and counts, never an email', async () => {
      const { body } = await search({ query: 'Lister' });
      const lister = body.users.find((u) => u.username === 'Lister');
      expect(lister).toEqual({
        _id: owner.userId,
        id: owner.userId,
        username: 'Lister',
        name: 'Lister Name',
        bio: '',
        profilePicture: null,
        designsCount: DESIGNS.length,
        followersCount: 0,
      });
      const text = JSON.stringify((await search({ query: 'dragon' })).body);
      expect(text).not.toMatch(/@example\.com|email|password/i);
    });
  });

  describe('input', () => {
    it('refuses a missing, empty or blank query with 400 and a clear message', async () => {
      for (const url of [
        '/api/designs/search',
        '/api/designs/search?query=',
        '/api/designs/search?query=%20%20%09',
      ]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({ message: 'Enter something to search for.', code: 'VALIDATION_FAILED' });
      }
    });

    it('refuses a query longer than 100 characters', async () => {
      const res = await search({ query: 'a'.repeat(101) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Search text can be at most 100 characters.' });
      expect((await search({ query: ` ${'a'.repeat(100)} ` })).status).toBe(200);
    });

    it('tells the time the search took in Server-Timing', async () => {
      const { headers } = await search({ query: 'dragon' });
      expect(headers['server-timing']).toMatch(/^search;dur=\d+\.\d$/);
    });
  });

  describe('keeping the index up to date', () => {
    it('finds a design by its new name, tags and description after a change, not by the old', async () => {
      const napkin = await t.db
        .selectFrom('designs')
        .select('id')
        .where('name', '=', 'Napkin Ring')
        .executeTakeFirstOrThrow();
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/edit/${napkin.id}`,
        headers: { 'x-auth-token': owner.token },
        payload: { name: 'Dinosaur Serviette Holder', description: 'Roars at dinner parties.' },
      });
      expect(edit.statusCode).toBe(200);
      expect(await names({ query: 'dinosaur' })).toEqual(['Dinosaur Serviette Holder']);
      expect(await names({ query: 'roars' })).toEqual(['Dinosaur Serviette Holder']);
      expect(await names({ query: 'napkin' })).toEqual([]);
      // The new name's words are also known for typo tolerance.
      expect(await names({ query: 'dinosuar' })).toEqual(['Dinosaur Serviette Holder']);

      await t.db
        .updateTable('designs')
        .set({ tags: ['tableware'] })
        .where('id', '=', napkin.id)
        .execute();
      expect(await names({ query: 'tableware' })).toEqual(['Dinosaur Serviette Holder']);
    });
  });

  describe('ranking engine', () => {
    const queries = ['dragon', 'succulent', 'orbit', 'vase', 'gear', 'chess', 'lamp', 'dragn', 'spiral', 'a'];
    const noFilters: SearchFilters = { category: null, price: null, tag: null };
    const pageIds = async (service: SearchService, text: string, page: number, filters = noFilters) =>
      (await service.search({ text, page, limit: 2, filters })).designs.map((d) => d.name);

    it('pages the same when only a few popular designs are read first and the rest comes from the indexes', async () => {
      const repo = new SearchRepo(t.db);
      const wholeTable = new SearchService(repo, DEFAULT_SEARCH_OPTIONS);
      const tinyWindow = new SearchService(repo, { ...DEFAULT_SEARCH_OPTIONS, windowSize: 3 });
      const filterSets: SearchFilters[] = [
        noFilters,
        { ...noFilters, category: 'Home' },
        { ...noFilters, price: 'free' },
        { ...noFilters, tag: 'garden' },
      ];
      for (const filters of filterSets) {
        for (const text of queries) {
          for (let page = 1; page <= 4; page++) {
            expect(
              await pageIds(tinyWindow, text, page, filters),
              `${text} page ${page} ${JSON.stringify(filters)}`,
            ).toEqual(await pageIds(wholeTable, text, page, filters));
          }
        }
      }
      expect(await pageIds(tinyWindow, 'dragon', 1)).toEqual([
        'Red Dragon Figurine Deluxe',
        'Dragon Egg Planter',
      ]);
    });

    it('ranks and pages no more designs than the cap, and says more match', async () => {
      const repo = new SearchRepo(t.db);
      for (const windowSize of [1, 2000]) {
        const capped = new SearchService(repo, { ...DEFAULT_SEARCH_OPTIONS, windowSize, maxResults: 3 });
        const first = await capped.search({ text: 'dragon', page: 1, limit: 2, filters: noFilters });
        expect(first).toMatchObject({ totalPages: 2, capped: true });
        expect(first.total).toBeGreaterThan(3);
        expect(await pageIds(capped, 'dragon', 2)).toEqual(['Baby Dragon Keychain']);
        expect(await pageIds(capped, 'dragon', 3)).toEqual([]);
      }
    });
  });
});
