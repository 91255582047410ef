import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

describe(`home listing`, () => {
  let t: TestApp;
  const total = 30;
  beforeAll(async () => {
    t = await createTestApp();
    const { userId } = await signUp(t.app, 'Lister');
    const base = Date.parse('2026-01-01T00:00:00Z');
    const designs = await t.db
      .insertInto('designs')
      .values(
        Array.from({ length: total }, (_, i) => ({
          user_id: userId,
          slug: `design-${i}`,
          name: `Design ${i}`,
          views: (i * 7) % 30,
          downloads: (i * 11) % 30,
          is_paid: i % 5 === 0,
          price_cents: i % 5 === 0 ? 250 : 0,
          created_at: new Date(base + i * 60_000),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    const first = designs.find((d) => d.slug === 'design-29')!;
    await t.db
      .insertInto('design_files')
      .values([
        ...[0, 1, 2, 3, 4].map((p) => ({
          design_id: first.id,
          kind: 'image' as const,
          name: `photo-${p}.png`,
          storage_key: `images/00000000-0000-4000-8000-00000000000${p}-gallery.webp`,
          card_key: `images/00000000-0000-4000-8000-00000000000${p}-card.webp`,
          size_bytes: 100,
          position: 4 - p,
        })),
        {
          design_id: first.id,
          kind: 'stl' as const,
          name: 'model.stl',
          storage_key: 'stl/x.stl',
          card_key: null,
          size_bytes: 684,
          position: 0,
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const list = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  it('pages newest first with 12 per page by default and counts pages', async () => {
    const { status, body } = await list('/api/designs/newest');
    expect(status).toBe(200);
    expect(body.totalPages).toBe(3);
    expect(body.total).toBe(total);
    expect(body.designs).toHaveLength(12);
    expect(body.designs.map((d: { slug: string }) => d.slug).slice(0, 3)).toEqual([
      'design-29',
      'design-28',
      'design-27',
    ]);
    const last = await list('/api/designs/newest?page=3');
    expect(last.body.designs).toHaveLength(6);
    const past = await list('/api/designs/newest?page=4');
    expect(past.body.designs).toEqual([]);
  });

  it('every design appears exactly once across the pages of each sort', async () => {
    for (const sort of ['newest', 'most-popular', 'most-downloaded']) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        seen.push(
          ...(await list(`/api/designs/${sort}?page=${page}`)).body.designs.map((d: { id: string }) => d.id),
        );
      }
      expect(new Set(seen).size).toBe(total);
    }
  });

  it('orders by views and by downloads, ties by newest', async () => {
    const popular = (await list('/api/designs/most-popular?limit=48')).body.designs;
    const views = popular.map((d: { views: number }) => d.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const downloaded = (await list('/api/designs/most-downloaded?limit=48')).body.designs;
    const downloads = downloaded.map((d: { downloads: number }) => d.downloads);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
  });

  it('gives a card its first four images in order, card size, never the STL', async () => {
    const card = (await list('/api/designs/newest?limit=1')).body.designs[0];
    expect(card.files.map((f: { name: string }) => f.name)).toEqual([
      'photo-4.png',
      'photo-3.png',
      'photo-2.png',
      'photo-1.png',
    ]);
    expect(card.files[0]).toMatchObject({
      type: 'image',
      url: '/uploads/images/00000000-0000-4000-8000-000000000004-card.webp',
    });
    expect(card).toMatchObject({
      _id: card.id,
      user: { username: 'Lister' },
      likesCount: 0,
      isPaid: false,
      price: 0,
    });
  });

  it('reports prices in dollars from integer cents', async () => {
    const paid = (await list('/api/designs/newest?limit=48')).body.designs.filter(
      (d: { isPaid: boolean }) => d.isPaid,
    );
    expect(paid.length).toBe(6);
    for (const d of paid) expect(d.price).toBe(2.5);
  });

  it('caps the page size and refuses nonsense paging with 400', async () => {
    expect((await list('/api/designs/newest?limit=100000')).body.designs).toHaveLength(total);
    expect((await list('/api/designs/newest?limit=100000')).body.totalPages).toBe(1);
    for (const q of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'page=1.5', 'page=99999999']) {
      const res = await list(`/api/designs/newest?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers an unknown sort or API path with a JSON 404', async () => {
    const res = await list('/api/designs/oldest');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });
});
