import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from '../../test/design-fixtures.ts';

describe(`views and likes`, () => {
  let t: TestApp;
  let owner: TestPerson;
  let fans: TestPerson[];
  let design: TestDesign;
  beforeAll(async () => {
    t = await createTestApp();
    const people = await createPeople(t, 'Fan', 101);
    owner = people[0] as TestPerson;
    fans = people.slice(1);
    design = await createDesign(t, owner.userId, { slug: 'vase' });
  });
  afterAll(() => t.close());

  const view = (headers: Record<string, string> = {}, url = '/api/designs/fan0/vase') =>
    t.app.inject({ method: 'POST', url, headers });
  const like = (person?: TestPerson, url = '/api/designs/fan0/vase/like') =>
    t.app.inject({ method: 'POST', url, headers: authHeader(person) });
  const counters = () =>
    t.db
      .selectFrom('designs')
      .select(['views', 'likes_count'])
      .where('id', '=', design.id)
      .executeTakeFirstOrThrow();

  describe('views', () => {
    it('counts a visitor once an hour, and a different visitor or person again', async () => {
      const browser = { 'user-agent': 'Firefox/140' };
      expect((await view(browser)).json()).toEqual({ views: 1 });
      expect((await view(browser)).json()).toEqual({ views: 1 });
      expect((await view({ 'user-agent': 'Chrome/139' })).json()).toEqual({ views: 2 });
      const fan = authHeader(fans[0]) as Record<string, string>;
      expect((await view(fan)).json()).toEqual({ views: 3 });
      // The same person from another browser is still the same viewer.
      expect((await view({ ...fan, 'user-agent': 'Safari' })).json()).toEqual({ views: 3 });
      expect((await counters()).views).toBe(3);
    });

    it('counts a burst of the same viewer once', async () => {
      const headers = { 'user-agent': 'Burst/1' };
      const answers = await Promise.all(Array.from({ length: 20 }, () => view(headers)));
      expect(answers.every((res) => res.statusCode === 200)).toBe(true);
      expect((await counters()).views).toBe(4);
    });

    it('keeps no address in the log and answers unknown designs with 404', async () => {
      const rows = await t.db.selectFrom('design_views').select('viewer').execute();
      for (const row of rows) expect(row.viewer).not.toContain('127.0.0.1');
      const res = await view({}, '/api/designs/fan0/missing');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Design not found');
    });
  });

  describe('likes', () => {
    it('asks visitors to log in with the product’s text', async () => {
      const res = await like();
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('You must log in to like this design.');
    });

    it('toggles a like and shows it on the design page', async () => {
      const fan = fans[1] as TestPerson;
      expect((await like(fan)).json()).toEqual({ hasLiked: true, likesCount: 1 });
      const page = await t.app.inject({
        method: 'GET',
        url: '/api/designs/fan0/vase',
        headers: authHeader(fan),
      });
      expect(page.json()).toMatchObject({ hasLiked: true, likesCount: 1 });
      expect((await like(fan)).json()).toEqual({ hasLiked: false, likesCount: 0 });
      expect((await like(fan, '/api/designs/fan0/nothing/like')).statusCode).toBe(404);
    });

    it('keeps likes_count equal to the likes rows under 100 concurrent toggles', async () => {
      const answers = await Promise.all(fans.map((fan) => like(fan)));
      expect(answers.map((res) => res.statusCode)).toEqual(fans.map(() => 200));
      const rows = await t.db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('design_id', '=', design.id)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(100);
      expect((await counters()).likes_count).toBe(100);
      // The counts people saw were each a real moment: all distinct, the last one 100.
      const seen = answers.map((res) => res.json().likesCount).sort((a, b) => a - b);
      expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));

      // Half of them undo theirs while a few toggle twice in a race with themselves.
      const racers = fans.slice(0, 10);
      await Promise.all([
        ...fans.slice(50).map((fan) => like(fan)),
        ...racers.flatMap((fan) => [like(fan), like(fan)]),
      ]);
      const after = await t.db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('design_id', '=', design.id)
        .executeTakeFirstOrThrow();
      expect((await counters()).likes_count).toBe(Number(after.n));
      expect(Number(after.n)).toBe(50);
    });
  });
});
