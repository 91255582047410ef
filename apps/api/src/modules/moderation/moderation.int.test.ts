import { setTimeout as wait } from 'node:timers/promises';
import { ACCOUNT_SUSPENDED, TAKEDOWN_ALREADY_REPLIED } from '@printmarket/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsRepo } from '../../lib/jobs/jobs-repo.ts';
import { PROVIDER_CANCEL_QUEUE } from '../../lib/provider-cancel-jobs.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from '../../test/design-fixtures.ts';
import { confirmAddress } from '../../test/outbox.ts';
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
let operator: TestPerson;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'judge@example.com' });
  operator = await person('Judge');
});
afterAll(() => t.close());

/** A person who signed up with a password and confirmed the address. */
async function person(username: string): Promise<TestPerson & { email: string }> {
  const { token, userId, email } = await signUp(t.app, username, PASSWORD);
  await confirmAddress(t, email);
  return { token, userId, username, email };
}

const send = (method: 'GET' | 'POST', url: string, who?: { token: string }, payload?: object) =>
  t.app.inject({ method, url, headers: authHeader(who), ...(payload ? { payload } : {}) });
const status = async (url: string, who?: { token: string }) => (await send('GET', url, who)).statusCode;
const json = async <T>(url: string, who?: { token: string }) => (await send('GET', url, who)).json() as T;
const signIn = (email: string) => send('POST', '/api/auth/login', undefined, { email, password: PASSWORD });

/**
 * Everywhere a design can be met by someone who is not its owner: each answers whether it is there.
 * The file routes are asked as `viewer`, who could download the design before.
 */
function whereItShows(owner: TestPerson, design: TestDesign, collectionId: string, viewer: TestPerson) {
  const ids = (list: { id: string }[] | undefined) => (list ?? []).map((d) => d.id);
  const page = `/api/designs/${owner.username}/${design.slug}`;
  return {
    newest: async () =>
      ids((await json<{ designs: { id: string }[] }>('/api/designs/newest?limit=50')).designs).includes(
        design.id,
      ),
    search: async () =>
      ids(
        (
          await json<{ designs: { id: string }[] }>(
            `/api/designs/search?query=${encodeURIComponent(design.name)}`,
          )
        ).designs,
      ).includes(design.id),
    profile: async () => ids(await json(`/api/designs/username/${owner.username}`)).includes(design.id),
    likedBy: async () => ids(await json(`/api/designs/liked-by/${viewer.username}`)).includes(design.id),
    collection: async () =>
      ids((await json<{ designs: { id: string }[] }>(`/api/collections/${collectionId}`)).designs).includes(
        design.id,
      ),
    sitemap: async () => (await send('GET', '/sitemaps/designs-1.xml')).body.includes(design.slug),
    page: async () => (await status(page)) === 200,
    pageToViewer: async () => (await status(page, viewer)) === 200,
    byId: async () => (await status(`/api/designs/by-id/${design.id}`, viewer)) === 200,
    downloadLink: async () => (await status(`/api/designs/download/${design.stl[0]?.id}`, viewer)) === 200,
    viewLink: async () => (await status(`/api/designs/get-signed-url/${design.stl[0]?.id}`, viewer)) === 200,
    zip: async () => (await canDownloadDesign(t, viewer, design.id)) === 200,
    collectionZip: async () =>
      (await status(`/api/collections/${collectionId}/download-one/${design.id}`, viewer)) === 200,
  };
}

async function everywhere(checks: Record<string, () => Promise<boolean>>) {
  const seen: Record<string, boolean> = {};
  for (const [name, check] of Object.entries(checks)) seen[name] = await check();
  return seen;
}
const all = (checks: object, value: boolean) =>
  Object.fromEntries(Object.keys(checks).map((name) => [name, value]));

describe('taking a design down', () => {
  it('withholds it from every list, page and file route but its owner and operators, until restored', async () => {
    const owner = await person('Copier');
    const [fan] = (await createPeople(t, 'takedownfan', 1)) as [TestPerson];
    const collectionId = await createCollection(t, owner.userId, 'Copied Things', { pricingType: 'free' });
    const design = await createDesign(t, owner.userId, {
      slug: 'copied-dragon',
      name: 'Copied Dragon Figurine',
      collectionId,
    });
    const like = await send('POST', `/api/designs/${owner.username}/${design.slug}/like`, fan);
    expect(like.statusCode).toBe(200);
    const link = (await send('GET', `/api/designs/download/${design.stl[0]?.id}`, fan)).json().url as string;
    const report = await send('POST', '/api/reports', fan, {
      targetType: 'design',
      targetId: design.id,
      reason: 'copyright',
      details: 'This is my dragon.',
    });
    expect(report.statusCode).toBe(201);

    const checks = whereItShows(owner, design, collectionId, fan);
    expect(await everywhere(checks)).toEqual(all(checks, true));

    const down = await send('POST', `/api/admin/designs/${design.id}/takedown`, operator, {
      reason: 'Copyright notice from the sculptor.',
    });
    expect(down.statusCode).toBe(200);
    expect(down.json().design.takedown).toMatchObject({
      reason: 'Copyright notice from the sculptor.',
      reply: null,
    });
    expect(await everywhere(checks)).toEqual(all(checks, false));
    // A link handed out before the takedown no longer opens the file.
    expect((await send('GET', link)).statusCode).toBe(404);

    // Its owner still sees it, marked with the reason, in their own list too; operators see it.
    const ownView = await send('GET', `/api/designs/${owner.username}/${design.slug}`, owner);
    expect(ownView.statusCode).toBe(200);
    expect(ownView.json().takedown).toMatchObject({ reason: 'Copyright notice from the sculptor.' });
    const mine = await json<{ id: string; takenDown?: boolean }[]>('/api/designs/my-designs', owner);
    expect(mine.find((d) => d.id === design.id)?.takenDown).toBe(true);
    expect(await canDownloadDesign(t, owner, design.id)).toBe(200);
    expect(
      (await send('GET', `/api/designs/${owner.username}/${design.slug}`, operator)).json().takedown,
    ).not.toBe(null);

    // The report is resolved by the takedown; the audit log says who and why.
    const resolved = await json<{ reports: { target: { id: string }; resolution: { action: string } }[] }>(
      '/api/admin/reports?status=resolved',
      operator,
    );
    expect(resolved.reports.find((r) => r.target.id === design.id)?.resolution.action).toBe('takedown');
    const audit = await json<{ entries: { action: string; reason: string; actor: { username: string } }[] }>(
      `/api/admin/audit?targetId=${design.id}`,
      operator,
    );
    expect(audit.entries.map((e) => [e.action, e.actor.username, e.reason])).toEqual([
      ['design.takedown', 'Judge', 'Copyright notice from the sculptor.'],
    ]);
    expect(
      (await send('POST', `/api/admin/designs/${design.id}/takedown`, operator, { reason: 'x' })).statusCode,
    ).toBe(409);
    const listed = await json<{ designs: { id: string }[] }>('/api/admin/designs', operator);
    expect(listed.designs.map((d) => d.id)).toContain(design.id);

    // The owner replies once; nobody else can.
    const replyUrl = `/api/designs/${design.id}/takedown-reply`;
    expect((await send('POST', replyUrl, fan, { message: 'Not yours.' })).statusCode).toBe(404);
    expect((await send('POST', replyUrl, operator, { message: 'Mine.' })).statusCode).toBe(403);
    expect((await send('POST', replyUrl, owner, { message: '' })).statusCode).toBe(400);
    const reply = await send('POST', replyUrl, owner, { message: 'I sculpted it myself in 2019.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().takedown.reply.message).toBe('I sculpted it myself in 2019.');
    const again = await send('POST', replyUrl, owner, { message: 'And again.' });
    expect([again.statusCode, again.json().message]).toEqual([409, TAKEDOWN_ALREADY_REPLIED]);
    const replies = await json<{ entries: { action: string; actor: { username: string } }[] }>(
      `/api/admin/audit?action=design.takedown-reply&targetId=${design.id}`,
      operator,
    );
    expect(replies.entries.map((e) => e.actor.username)).toEqual(['Copier']);

    const restored = await send('POST', `/api/admin/designs/${design.id}/restore`, operator, {});
    expect([restored.statusCode, restored.json().design.takedown]).toEqual([200, null]);
    expect(await everywhere(checks)).toEqual(all(checks, true));
    expect((await send('POST', `/api/admin/designs/${design.id}/restore`, operator, {})).statusCode).toBe(
      409,
    );
    expect((await send('POST', replyUrl, owner, { message: 'Thanks.' })).statusCode).toBe(409);
  });

  it('is what resolving a design report with takedown does; other reports cannot be taken down', async () => {
    const owner = await person('Spammer');
    const [reporter, second] = (await createPeople(t, 'queuereporter', 2)) as [TestPerson, TestPerson];
    const design = await createDesign(t, owner.userId, { slug: 'spam-vase', name: 'Spam Vase' });
    const reportIds: string[] = [];
    for (const who of [reporter, second]) {
      const res = await send('POST', '/api/reports', who, {
        targetType: 'design',
        targetId: design.id,
        reason: 'spam',
      });
      reportIds.push(res.json().id);
    }
    const resolve = (id: string | undefined, payload: object) =>
      send('POST', `/api/admin/reports/${id}/resolve`, operator, payload);
    expect((await resolve(reportIds[0], { action: 'takedown', note: '' })).statusCode).toBe(400);
    const taken = await resolve(reportIds[0], { action: 'takedown', note: 'Spam listing.' });
    expect([taken.statusCode, taken.json()]).toEqual([200, { resolved: 2 }]);
    expect(await status(`/api/designs/${owner.username}/spam-vase`)).toBe(404);
    expect((await resolve(reportIds[1], { action: 'takedown', note: 'Again.' })).statusCode).toBe(409);

    const profileReport = await send('POST', '/api/reports', reporter, {
      targetType: 'user',
      targetId: owner.userId,
      reason: 'spam',
    });
    const onPerson = await resolve(profileReport.json().id, { action: 'takedown', note: 'Spam.' });
    expect([onPerson.statusCode, onPerson.json().code]).toEqual([400, 'NOT_A_DESIGN']);
  });
});

describe('suspending an account', () => {
  it('ends its sessions, refuses sign-in, hides what it made and stops its plans renewing, until lifted', async () => {
    const seller = await person('Troll');
    await connectSeller(t, seller);
    const otherSession = (await signIn(seller.email)).json().token as string;
    const [buyer, subscriber] = (await createPeople(t, 'suspendbuyer', 2)) as [TestPerson, TestPerson];
    const paid = await createDesign(t, seller.userId, {
      slug: 'troll-lamp',
      name: 'Troll Lamp',
      isPaid: true,
    });
    await buy(t, buyer, CHECKOUT.design, { designId: paid.id });
    const club = await createCollection(t, seller.userId, 'Troll Club', { pricingType: 'subscription' });
    const plan = await createPlan(t, seller, [club], { name: 'Troll Plan' });
    const subscription = await subscribe(t, subscriber, club, plan);
    const down = await createDesign(t, seller.userId, { slug: 'troll-down', name: 'Troll Down' });
    await send('POST', `/api/admin/designs/${down.id}/takedown`, operator, { reason: 'Copied.' });

    const suspend = (payload: object, who: TestPerson = operator) =>
      send('POST', `/api/admin/users/${seller.userId}/suspend`, who, payload);
    expect((await suspend({})).statusCode).toBe(400);
    const res = await suspend({ reason: 'Harassing other makers.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      username: 'Troll',
      suspension: { reason: 'Harassing other makers.' },
    });
    expect((await suspend({ reason: 'Twice.' })).statusCode).toBe(409);

    // Every session ended; a correct password is told the account is suspended.
    expect(await status('/api/auth/user', seller)).toBe(401);
    expect(await status('/api/auth/user', { token: otherSession })).toBe(401);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', seller.userId)
      .execute();
    expect(sessions).toEqual([]);
    const login = await signIn(seller.email);
    expect([login.statusCode, login.json().message]).toEqual([403, ACCOUNT_SUSPENDED]);
    const wrongPassword = await send('POST', '/api/auth/login', undefined, {
      email: seller.email,
      password: 'nope',
    });
    expect(wrongPassword.statusCode).toBe(401);

    // The profile, designs and collections are gone for everyone else, buyers included.
    expect(await status('/api/profile/username/Troll')).toBe(404);
    expect(await status('/profile/Troll')).toBe(404);
    expect(await status(`/api/designs/Troll/troll-lamp`, buyer)).toBe(404);
    expect(await canDownloadDesign(t, buyer, paid.id)).toBe(404);
    expect(await status(`/api/collections/${club}`, subscriber)).toBe(404);
    const people = await json<{ users?: { username: string }[] }>('/api/designs/search?query=Troll');
    expect((people.users ?? []).map((u) => u.username)).not.toContain('Troll');
    expect((await send('GET', '/sitemaps/profiles-1.xml')).body).not.toContain('Troll');
    expect(
      (await send('POST', '/api/follow/follow', buyer, { targetUserId: seller.userId })).statusCode,
    ).toBe(404);
    // Operators still see the designs, to judge them.
    expect(await status(`/api/designs/Troll/troll-lamp`, operator)).toBe(200);

    // The plan's subscription renews no more, and the provider is told.
    const row = await t.db
      .selectFrom('subscriptions')
      .select('status')
      .where('id', '=', subscription)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('canceled');
    const jobs = new JobsRepo(t.db);
    while (((await jobs.byState(PROVIDER_CANCEL_QUEUE)).completed ?? 0) < 1) await wait(25);

    const found = await json<{ users: { id: string; suspension: unknown }[] }>(
      '/api/admin/users?q=troll',
      operator,
    );
    expect(found.users.find((u) => u.id === seller.userId)?.suspension).not.toBe(null);

    // Lifted: signing in works again and the designs are back, but a taken-down one stays down.
    const lifted = await send('POST', `/api/admin/users/${seller.userId}/unsuspend`, operator, {});
    expect([lifted.statusCode, lifted.json().user.suspension]).toEqual([200, null]);
    expect((await signIn(seller.email)).statusCode).toBe(200);
    expect(await status('/api/profile/username/Troll')).toBe(200);
    expect(await canDownloadDesign(t, buyer, paid.id)).toBe(200);
    expect(await status('/api/designs/Troll/troll-down')).toBe(404);
    expect((await send('POST', `/api/admin/users/${seller.userId}/unsuspend`, operator, {})).statusCode).toBe(
      409,
    );
    const audit = await json<{ entries: { action: string }[] }>(
      `/api/admin/audit?targetId=${seller.userId}`,
      operator,
    );
    expect(audit.entries.map((e) => e.action)).toEqual(['user.unsuspend', 'user.suspend']);
  });

  it('refuses operators suspending themselves, unknown people and bad searches', async () => {
    const self = await send('POST', `/api/admin/users/${operator.userId}/suspend`, operator, {
      reason: 'Oops.',
    });
    expect(self.statusCode).toBe(400);
    expect(
      (
        await send('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', operator, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/api/admin/users/not-a-uuid/suspend', operator, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect(await status('/api/admin/users?q=a', operator)).toBe(400);
    expect(await status('/api/admin/users', operator)).toBe(400);
  });
});
