import { setTimeout as wait } from 'node:timers/promises';
import {
  ACCOUNT_DELETED,
  DELETE_CONFIRM_WITH_USERNAME,
  DELETE_WRONG_PASSWORD,
  DELETE_WRONG_USERNAME,
} from '@printmarket/shared/account-deletion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsRepo } from '../../lib/jobs/jobs-repo.ts';
import { NOTIFICATION_QUEUE } from '../../lib/notification-jobs.ts';
import { PROVIDER_CANCEL_QUEUE } from '../../lib/provider-cancel-jobs.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { confirmAddress, outboxMailTo } from '../../test/outbox.ts';
import {
  buy,
  CHECKOUT,
  canDownloadDesign,
  connectSeller,
  createCollection,
  createPlan,
  subscribe,
} from '../../test/payments-test-kit.ts';

const PASSWORD = 'teapot-lantern-9';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: '20' });
});
afterAll(() => t.close());

const remove = (person: { token: string } | undefined, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/user/account', headers: authHeader(person), payload });
const get = async (url: string, person?: { token: string }) => {
  const res = await t.app.inject({ method: 'GET', url, headers: authHeader(person) });
  return { status: res.statusCode, body: res.body };
};
/** A person who signed up with a password and confirmed the address, as a TestPerson. */
async function member(username: string): Promise<TestPerson & { email: string }> {
  const { token, userId, email } = await signUp(t.app, username, PASSWORD);
  await confirmAddress(t, email);
  return { token, userId, username, email };
}

describe('deleting an account', () => {
  it('refuses a wrong password, bad input and visitors, and deletes nothing', async () => {
    const keeper = await member('Keeper');
    const wrong = await remove(keeper, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: DELETE_WRONG_PASSWORD, code: 'WRONG_PASSWORD' });
    for (const payload of [
      {},
      { password: '' },
      { password: PASSWORD, username: 'Keeper' },
      { pass: PASSWORD },
    ])
      expect((await remove(keeper, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    // An account with a password confirms with it, not with its username.
    expect((await remove(keeper, { username: 'Keeper' })).json().code).toBe('PASSWORD_REQUIRED');
    expect((await remove(undefined, { password: PASSWORD })).statusCode).toBe(401);
    expect((await get('/api/auth/user', keeper)).status).toBe(200);
    expect((await get('/api/profile/username/Keeper')).status).toBe(200);
  });

  it('ends the sessions, removes the profile, likes and follows, hides the designs, keeps buyers their files', async () => {
    const leaver = await member('Leaver');
    await connectSeller(t, leaver);
    const [buyer, subscriber, fan, other] = (await createPeople(t, 'keep', 4)) as TestPerson[] as [
      TestPerson,
      TestPerson,
      TestPerson,
      TestPerson,
    ];
    const otherSeller = await member('Stayer');
    await connectSeller(t, otherSeller);

    const paid = await createDesign(t, leaver.userId, {
      slug: 'quiet-gear',
      name: 'Quietly Leaving Gear',
      isPaid: true,
      priceCents: 400,
    });
    const free = await createDesign(t, leaver.userId, { slug: 'free-hook', name: 'Leaving Free Hook' });
    await buy(t, buyer, CHECKOUT.design, { designId: paid.id });
    const club = await createCollection(t, leaver.userId, 'Leaving Club Pack', {
      pricingType: 'subscription',
    });
    const clubDesign = await createDesign(t, leaver.userId, {
      slug: 'club-tile',
      isPaid: true,
      collectionId: club,
    });
    const plan = await createPlan(t, leaver, [club], { name: 'Leaving Club' });
    const theirSubscription = await subscribe(t, subscriber, club, plan);
    // The leaver's own subscription to someone else's plan.
    const stayerPack = await createCollection(t, otherSeller.userId, 'Stayer Pack', {
      pricingType: 'subscription',
    });
    const stayerPlan = await createPlan(t, otherSeller, [stayerPack], { name: 'Stayer Plan' });
    const ownSubscription = await subscribe(t, leaver, stayerPack, stayerPlan);

    const liked = await createDesign(t, otherSeller.userId, { slug: 'liked-by-leaver' });
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/designs/${otherSeller.username}/liked-by-leaver/like`,
      headers: authHeader(leaver),
    });
    expect(like.statusCode).toBe(200);
    for (const [from, to] of [
      [fan, leaver],
      [leaver, other],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/follow/follow',
        headers: authHeader(from),
        payload: { targetUserId: to.userId },
      });
      expect(res.statusCode).toBe(200);
    }

    const res = await remove(leaver, { password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_DELETED });

    // Signed out everywhere; the address and password open nothing.
    expect((await get('/api/auth/user', leaver)).status).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: leaver.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);

    // No profile, and nothing of theirs listed, found, mapped or sold.
    expect((await get('/api/profile/username/Leaver')).status).toBe(404);
    expect((await get('/profile/Leaver')).status).toBe(404);
    expect((await get(`/api/designs/username/Leaver`)).status).toBe(404);
    const newest = JSON.parse((await get('/api/designs/newest?limit=50')).body) as {
      designs: { id: string }[];
    };
    const theirs = [paid.id, free.id, clubDesign.id];
    expect(newest.designs.map((d) => d.id).filter((id) => theirs.includes(id))).toEqual([]);
    const found = JSON.parse((await get('/api/designs/search?query=Leaving')).body) as {
      designs: { name: string }[];
      users?: { username: string }[];
    };
    expect(
      found.designs.map((d) => d.name).filter((name) => /Quietly|Free Hook|club-tile/.test(name)),
    ).toEqual([]);
    expect(found.designs.length).toBeGreaterThan(0);
    const people = JSON.parse((await get('/api/designs/search?query=Leaver')).body) as {
      users?: { username: string }[];
    };
    expect((people.users ?? []).map((u) => u.username)).not.toContain('Leaver');
    const sitemap =
      (await get('/sitemaps/designs-1.xml')).body + (await get('/sitemaps/profiles-1.xml')).body;
    expect(sitemap).not.toContain('Leaver');
    expect((await get(`/api/collections/${club}`)).status).toBe(404);

    // The design page and files: gone for everyone but those who hold them.
    expect((await get('/api/designs/Leaver/quiet-gear')).status).toBe(404);
    expect((await get('/api/designs/Leaver/quiet-gear', other)).status).toBe(404);
    expect((await get('/design/Leaver/quiet-gear')).status).toBe(404);
    expect((await get('/api/designs/Leaver/free-hook', other)).status).toBe(404);
    expect(await canDownloadDesign(t, other, free.id)).not.toBe(200);
    expect((await get('/api/designs/Leaver/quiet-gear', buyer)).status).toBe(200);
    expect(await canDownloadDesign(t, buyer, paid.id)).toBe(200);
    const checkout = await t.app.inject({
      method: 'POST',
      url: CHECKOUT.design,
      headers: authHeader(other),
      payload: { designId: paid.id },
    });
    expect(checkout.statusCode).toBeGreaterThanOrEqual(400);

    // Subscriptions stop renewing; the subscriber keeps the paid period.
    const subs = await t.db
      .selectFrom('subscriptions')
      .select(['id', 'status'])
      .where('id', 'in', [theirSubscription, ownSubscription])
      .execute();
    expect(subs.map((s) => s.status)).toEqual(['canceled', 'canceled']);
    expect((await get(`/api/collections/${club}`, subscriber)).status).toBe(200);
    expect(await canDownloadDesign(t, subscriber, clubDesign.id)).toBe(200);
    const jobs = new JobsRepo(t.db);
    while ((await jobs.byState(PROVIDER_CANCEL_QUEUE)).completed !== 2) await wait(25);
    // The seller of the leaver's own subscription is told.
    await outboxMailTo(t, otherSeller.email, 'Leaver cancelled their subscription to Stayer Plan');
    while ((await jobs.unfinished(NOTIFICATION_QUEUE)) > 0) await wait(25);

    // Likes and follows are gone, and the counters with them.
    const likedRow = await t.db
      .selectFrom('designs')
      .select('likes_count')
      .where('id', '=', liked.id)
      .executeTakeFirstOrThrow();
    expect(likedRow.likes_count).toBe(0);
    const follows = await t.db
      .selectFrom('follows')
      .selectAll()
      .where((eb) => eb.or([eb('follower_id', '=', leaver.userId), eb('followee_id', '=', leaver.userId)]))
      .execute();
    expect(follows).toEqual([]);
    expect(JSON.parse((await get(`/api/profile/username/${other.username}`)).body).stats).toMatchObject({
      followers: 0,
    });

    // The username stays reserved; the address may start a new account.
    const again = (username: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username, name: 'Someone', email, password: PASSWORD },
      });
    expect((await again('leaver', 'someone.new@example.com')).statusCode).toBe(409);
    expect((await again('Returner', leaver.email)).statusCode).toBe(201);
    // Deleting again with the old session is a 401, not a second deletion.
    expect((await remove(leaver, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('has an account without a password confirm with its username', async () => {
    const [googler] = (await createPeople(t, 'Googler', 1)) as [TestPerson];
    const withPassword = await remove(googler, { password: 'anything' });
    expect(withPassword.statusCode).toBe(403);
    expect(withPassword.json()).toEqual({ message: DELETE_CONFIRM_WITH_USERNAME, code: 'NO_PASSWORD' });
    const wrong = await remove(googler, { username: 'someone-else' });
    expect(wrong.json()).toEqual({ message: DELETE_WRONG_USERNAME, code: 'WRONG_USERNAME' });
    expect((await get('/api/auth/user', googler)).status).toBe(200);
    expect((await remove(googler, { username: googler.username.toUpperCase() })).statusCode).toBe(200);
    expect((await get('/api/auth/user', googler)).status).toBe(401);
  });
});
