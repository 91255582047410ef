import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { renameThroughApi } from '../../test/social-test-kit.ts';

describe(`profile design lists`, () => {
  let t: TestApp;
  let creator: TestPerson;
  let liker: TestPerson;
  beforeAll(async () => {
    t = await createTestApp();
    [creator, liker] = (await createPeople(t, 'Lister', 2)) as [TestPerson, TestPerson];
    const day = (n: number) => new Date(Date.UTC(2025, 0, n));
    // Oldest to newest; views and likes chosen so each order differs from the others.
    const specs = [
      { slug: 'alpha', createdAt: day(1), views: 50, likes: 1 },
      { slug: 'beta', createdAt: day(2), views: 5, likes: 9 },
      { slug: 'gamma', createdAt: day(3), views: 20, likes: 4 },
      { slug: 'delta', createdAt: day(4), views: 20, likes: 0 },
    ];
    for (const spec of specs) {
      const design = await createDesign(t, creator.userId, { slug: spec.slug, createdAt: spec.createdAt });
      await t.db
        .updateTable('designs')
        .set({ views: spec.views, likes_count: spec.likes })
        .where('id', '=', design.id)
        .execute();
    }
  });
  afterAll(() => t.close());

  const slugs = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const cards = res.json() as { slug: string }[];
    expect(Array.isArray(cards)).toBe(true);
    return cards.map((card) => card.slug);
  };
  const like = (slug: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/designs/lister0/${slug}/like`,
      headers: { 'x-auth-token': liker.token },
    });

  it('lists a person’s designs newest first by default, as cards', async () => {
    expect(await slugs('/api/designs/username/Lister0')).toEqual(['delta', 'gamma', 'beta', 'alpha']);
    expect(await slugs('/api/designs/username/lister0?sort=newest')).toEqual([
      'delta',
      'gamma',
      'beta',
      'alpha',
    ]);
    const [card] = (await t.app.inject({ method: 'GET', url: '/api/designs/username/lister0' })).json();
    expect(card).toMatchObject({ slug: 'delta', user: { username: 'Lister0' }, views: 20, likesCount: 0 });
  });

  it('sorts by views (most-popular) and by likes (most-liked), ties newest first', async () => {
    expect(await slugs('/api/designs/username/lister0?sort=most-popular')).toEqual([
      'alpha',
      'delta',
      'gamma',
      'beta',
    ]);
    expect(await slugs('/api/designs/username/lister0?sort=most-liked')).toEqual([
      'beta',
      'gamma',
      'alpha',
      'delta',
    ]);
  });

  it('refuses an unknown order and an unknown person', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/designs/username/lister0?sort=oldest' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('sort must be one of newest, most-popular, most-liked.');
    const nobody = await t.app.inject({ method: 'GET', url: '/api/designs/username/nobodyhere' });
    expect(nobody.statusCode).toBe(404);
  });

  it('lists the designs a person liked, most recently liked first, and drops unliked ones', async () => {
    expect(await slugs('/api/designs/liked-by/lister1')).toEqual([]);
    for (const slug of ['gamma', 'alpha', 'delta']) {
      expect((await like(slug)).json().hasLiked).toBe(true);
      // The order is by when each like was made, and likes within one tick of the database's clock
      // would tie: the next one waits until that clock has moved on.
      await vi.waitFor(async () => {
        const { later } = await t.db
          .selectFrom('likes')
          .select(sql<boolean>`now() > max(created_at)`.as('later'))
          .where('user_id', '=', liker.userId)
          .executeTakeFirstOrThrow();
        expect(later).toBe(true);
      });
    }
    expect(await slugs('/api/designs/liked-by/Lister1')).toEqual(['delta', 'alpha', 'gamma']);
    expect((await like('alpha')).json().hasLiked).toBe(false);
    expect(await slugs('/api/designs/liked-by/lister1')).toEqual(['delta', 'gamma']);
    // Someone else's likes are theirs: the creator liked nothing.
    expect(await slugs('/api/designs/liked-by/lister0')).toEqual([]);
    const nobody = await t.app.inject({ method: 'GET', url: '/api/designs/liked-by/nobodyhere' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
  });

  it('still finds the lists by a name the person gave up', async () => {
    expect((await renameThroughApi(t, liker.token, 'LikerRenamed')).statusCode).toBe(200);
    expect(await slugs('/api/designs/liked-by/lister1')).toEqual(['delta', 'gamma']);
    expect(await slugs('/api/designs/liked-by/LikerRenamed')).toEqual(['delta', 'gamma']);
  });
});
