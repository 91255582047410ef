import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createPeople, type TestPerson } from '../../test/design-fixtures.ts';

describe(`follows`, () => {
  let t: TestApp;
  let creator: TestPerson;
  let fans: TestPerson[];
  beforeAll(async () => {
    t = await createTestApp();
    const people = await createPeople(t, 'Follow', 81);
    creator = people[0] as TestPerson;
    fans = people.slice(1);
  });
  afterAll(() => t.close());

  const fan = (i: number) => fans[i] as TestPerson;
  /** The web client sends the token as X-Token on follow calls (docs/product.md#calls). */
  const call = (action: 'follow' | 'unfollow', person: TestPerson | undefined, targetUserId: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/follow/${action}`,
      headers: person ? { 'X-Token': person.token } : {},
      payload: { targetUserId },
    });
  const status = (person: TestPerson | undefined, userId: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/follow/status/${userId}`,
      headers: person ? { 'X-Token': person.token } : {},
    });
  const followerRows = async (userId: string) => {
    const row = await t.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('followee_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const profileStats = async (person: TestPerson) =>
    (await t.app.inject({ method: 'GET', url: `/api/profile/username/${person.username}` })).json().stats;

  it('follows and unfollows, answering the state and the followed person’s counters', async () => {
    expect((await status(fan(0), creator.userId)).json()).toEqual({ isFollowing: false });

    const followed = await call('follow', fan(0), creator.userId);
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ isFollowing: true, updatedStats: { followers: 1, following: 0 } });
    expect((await status(fan(0), creator.userId)).json()).toEqual({ isFollowing: true });
    expect(await profileStats(creator)).toMatchObject({ followers: 1 });
    expect((await profileStats(fan(0))).following).toBe(1);

    const unfollowed = await call('unfollow', fan(0), creator.userId);
    expect(unfollowed.json()).toEqual({ isFollowing: false, updatedStats: { followers: 0, following: 0 } });
    expect((await status(fan(0), creator.userId)).json()).toEqual({ isFollowing: false });
    expect(await followerRows(creator.userId)).toBe(0);
  });

  it('accepts the token in x-auth-token and as a Bearer token too', async () => {
    const viaAuthToken = await t.app.inject({
      method: 'POST',
      url: '/api/follow/follow',
      headers: { 'x-auth-token': fan(1).token },
      payload: { targetUserId: creator.userId },
    });
    expect(viaAuthToken.json().isFollowing).toBe(true);
    const viaBearer = await t.app.inject({
      method: 'GET',
      url: `/api/follow/status/${creator.userId}`,
      headers: { authorization: `Bearer ${fan(1).token}` },
    });
    expect(viaBearer.json()).toEqual({ isFollowing: true });
    await call('unfollow', fan(1), creator.userId);
  });

  it('treats a repeated follow or unfollow as no change', async () => {
    expect((await call('follow', fan(2), creator.userId)).json().updatedStats.followers).toBe(1);
    expect((await call('follow', fan(2), creator.userId)).json()).toEqual({
      isFollowing: true,
      updatedStats: { followers: 1, following: 0 },
    });
    expect((await call('unfollow', fan(2), creator.userId)).json().updatedStats.followers).toBe(0);
    expect((await call('unfollow', fan(2), creator.userId)).json()).toEqual({
      isFollowing: false,
      updatedStats: { followers: 0, following: 0 },
    });
    expect(await followerRows(creator.userId)).toBe(0);
  });

  it('refuses following oneself, with a clear message, whatever the case of the id', async () => {
    for (const id of [creator.userId, creator.userId.toUpperCase()]) {
      const res = await call('follow', creator, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'You cannot follow yourself.', code: 'CANNOT_FOLLOW_SELF' });
    }
    expect((await call('unfollow', creator, creator.userId)).statusCode).toBe(400);
    expect(await followerRows(creator.userId)).toBe(0);
  });

  it('answers 404 for people who do not exist, 400 without a target, 401 without a session', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const target of [missing, 'not-a-uuid']) {
      const res = await call('follow', fan(3), target);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found', code: 'USER_NOT_FOUND' });
      expect((await status(fan(3), target)).statusCode).toBe(404);
    }
    const noTarget = await t.app.inject({
      method: 'POST',
      url: '/api/follow/follow',
      headers: { 'X-Token': fan(3).token },
      payload: {},
    });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().message).toBe('targetUserId is required.');

    const visitor = await call('follow', undefined, creator.userId);
    expect(visitor.statusCode).toBe(401);
    // A visitor follows nobody: the status call answers rather than failing.
    expect((await status(undefined, creator.userId)).json()).toEqual({ isFollowing: false });
    expect(await followerRows(creator.userId)).toBe(0);
  });

  it('keeps the counts equal to the stored rows under 50 concurrent follow and unfollow calls', async () => {
    // Ten people follow already; then at once: 30 new follows, those ten unfollow, and ten of
    // the new followers send their follow a second time.
    await Promise.all(fans.slice(0, 10).map((p) => call('follow', p, creator.userId)));
    expect(await followerRows(creator.userId)).toBe(10);
    const calls = [
      ...fans.slice(10, 40).map((p) => ['follow', p] as const),
      ...fans.slice(0, 10).map((p) => ['unfollow', p] as const),
      ...fans.slice(10, 20).map((p) => ['follow', p] as const),
    ];
    expect(calls).toHaveLength(50);
    const answers = await Promise.all(calls.map(([action, p]) => call(action, p, creator.userId)));

    expect(answers.map((res) => res.statusCode)).toEqual(calls.map(() => 200));
    answers.forEach((res, i) => {
      expect(res.json().isFollowing).toBe(calls[i]?.[0] === 'follow');
    });
    const rows = await followerRows(creator.userId);
    expect(rows).toBe(30);
    expect((await profileStats(creator)).followers).toBe(rows);
    // Each answer was the true count at some moment, and the last change to commit saw the final one.
    const seen = answers.map((res) => res.json().updatedStats.followers as number);
    for (const count of seen) expect(count).toBeGreaterThanOrEqual(0);
    for (const count of seen) expect(count).toBeLessThanOrEqual(40);
    expect(seen).toContain(30);
  });

  it('settles 50 concurrent follow and unfollow calls of one person on one state', async () => {
    const person = fan(50);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(i % 2 === 0 ? 'follow' : 'unfollow', person, fan(51).userId)),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const rows = await followerRows(fan(51).userId);
    expect(rows === 0 || rows === 1).toBe(true);
    expect((await profileStats(fan(51))).followers).toBe(rows);
    expect((await profileStats(person)).following).toBe(rows);
    expect((await status(person, fan(51).userId)).json()).toEqual({ isFollowing: rows === 1 });
  });

  it('lets people follow each other at the same moment (no deadlock)', async () => {
    const pairs = Array.from({ length: 10 }, (_, i) => [fan(60 + 2 * i), fan(61 + 2 * i)] as const);
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [call('follow', a, b.userId), call('follow', b, a.userId)]),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    for (const [a, b] of pairs) {
      expect(await profileStats(a)).toMatchObject({ followers: 1, following: 1 });
      expect(await profileStats(b)).toMatchObject({ followers: 1, following: 1 });
    }
  });
});
