import { setTimeout as wait } from 'node:timers/promises';
import { UNSUBSCRIBE_LINK_INVALID, unsubscribed } from '@printmarket/shared/notifications';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../lib/jobs/job-queue.ts';
import { JobsRepo } from '../../lib/jobs/jobs-repo.ts';
import { FOLLOWER_MAIL_QUEUE, NOTIFICATION_QUEUE } from '../../lib/notification-jobs.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import {
  buy,
  CHECKOUT,
  connectSeller,
  createCollection,
  createPlan,
  subscribe,
} from '../../test/payments-test-kit.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../../test/smtp-test-server.ts';
import { WEBHOOK_PATH } from '../fulfilment/fulfilment-routes.ts';
import { SandboxPayments } from '../payments/sandbox-adapter.ts';
import { ENDING_NOTICES_QUEUE } from './index.ts';

const PUBLIC_URL = 'https://shop.example';
// The app's own adapter, so the test can sign a renewal as the provider would.
const sandbox = new SandboxPayments();

let t: TestApp;
let smtp: SmtpTestServer;
let seller: TestPerson;
let buyer: TestPerson;
let fan: TestPerson;
let fan2: TestPerson;
let fan3: TestPerson;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp(
    { PUBLIC_URL, SMTP_URL: smtp.url, MAIL_FROM: 'PrintMarket <mail@shop.example>', JOB_POLL_SECONDS: '0.5' },
    { payments: sandbox },
  );
  [seller, buyer, fan, fan2, fan3] = (await createPeople(t, 'note', 5)) as [
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
  ];
  await connectSeller(t, seller);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const emailOf = (p: TestPerson) => `${p.username.toLowerCase()}@example.com`;
const mailsTo = (p: TestPerson, subject: string) =>
  smtp.received.filter((m) => m.to.includes(emailOf(p)) && m.parsed.subject === subject);
const jobs = () => new JobsRepo(t.db);
async function queueDone(queue: string) {
  while ((await jobs().unfinished(queue)) > 0) await wait(25);
}
/** The unsubscribe link of a mail, from its text part, and the header that carries it. */
function unsubscribeToken(mail: ParsedMail): string {
  const match = /\/unsubscribe\?token=([\w.-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return match[1];
}
const settings = async (p: TestPerson) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/notifications', headers: authHeader(p) })).json();
const putSettings = (p: TestPerson | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/notifications',
    headers: authHeader(p),
    payload: payload as object,
  });

describe('the mails a sale causes', () => {
  it('tells the seller with the amount and its split, and gives the buyer a receipt', async () => {
    const design = await createDesign(t, seller.userId, {
      slug: 'gear-box',
      name: 'Gear Box',
      isPaid: true,
      priceCents: 1234,
    });
    await buy(t, buyer, CHECKOUT.design, { designId: design.id });
    const purchase = await t.db
      .selectFrom('purchases')
      .select('id')
      .where('design_id', '=', design.id)
      .executeTakeFirstOrThrow();
    const order = purchase.id.slice(0, 9);

    const sale = await smtp.mailTo(emailOf(seller), 'You sold Gear Box');
    expect(sale.to).toEqual([emailOf(seller)]);
    expect(sale.parsed.text).toContain(
      `${buyer.username} bought your design Gear Box for $12.34 (order ${order}).`,
    );
    // 15 % platform, 2 % provider, the rest to the creator, in whole cents.
    expect(sale.parsed.text).toContain(
      "Your share is $10.24: the platform fee is $1.85 and the payment provider's fee $0.25.",
    );
    expect(sale.parsed.text).toContain(`${PUBLIC_URL}/seller-dashboard`);
    expect(sale.parsed.html).toContain('Gear Box');

    const receipt = await smtp.mailTo(emailOf(buyer), 'Your receipt for Gear Box');
    expect(receipt.parsed.text).toContain(`Order ${order}`);
    expect(receipt.parsed.text).toContain(`Gear Box by ${seller.username}: $12.34.`);
    expect(receipt.parsed.text).toContain(`${PUBLIC_URL}/MyPurchases`);

    // Every notification can be turned off from the mail itself, in one click too.
    for (const mail of [sale, receipt]) {
      const token = unsubscribeToken(mail.parsed);
      expect(mail.parsed.headers.get('list')).toMatchObject({
        unsubscribe: { url: `${PUBLIC_URL}/unsubscribe?token=${token}` },
      });
      expect(mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
    }
    // Each mail went once, to its own recipient only.
    expect(mailsTo(seller, 'You sold Gear Box')).toHaveLength(1);
    expect(mailsTo(buyer, 'Your receipt for Gear Box')).toHaveLength(1);
    expect(
      smtp.received.filter((m) => m.parsed.subject === 'You sold Gear Box').flatMap((m) => m.to),
    ).toEqual([emailOf(seller)]);
  });

  it('stops a kind of mail from its link, and only that kind, and only for its recipient', async () => {
    const sale = await smtp.mailTo(emailOf(seller), 'You sold Gear Box');
    const token = unsubscribeToken(sale.parsed);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'sale', message: unsubscribed('sale') });
    expect(await settings(seller)).toMatchObject({ sale: false, newSubscriber: true, receipt: true });
    expect(await settings(buyer)).toMatchObject({ sale: true });

    const next = await createDesign(t, seller.userId, { slug: 'gear-lid', name: 'Gear Lid', isPaid: true });
    await buy(t, buyer, CHECKOUT.design, { designId: next.id });
    await smtp.mailTo(emailOf(buyer), 'Your receipt for Gear Lid');
    await queueDone(NOTIFICATION_QUEUE);
    expect(mailsTo(seller, 'You sold Gear Lid')).toEqual([]);
  });

  it('takes the one-click POST of a mail program on the link itself', async () => {
    const receipt = await smtp.mailTo(emailOf(buyer), 'Your receipt for Gear Lid');
    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${unsubscribeToken(receipt.parsed)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().kind).toBe('receipt');
    expect((await settings(buyer)).receipt).toBe(false);
    await putSettings(buyer, { receipt: true });
  });

  it('refuses a link that is not ours, or was changed, with a clear 400', async () => {
    const token = unsubscribeToken((await smtp.mailTo(emailOf(buyer), 'Your receipt for Gear Box')).parsed);
    const [userId, , sig] = token.split('.');
    for (const bad of [
      `${userId}.newFollower.${sig}`,
      `${seller.userId}.receipt.${sig}`,
      `${token}x`,
      'nonsense',
      `${token}.more`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token: bad },
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: UNSUBSCRIBE_LINK_INVALID, code: 'INVALID_TOKEN' });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect((await settings(buyer)).receipt).toBe(true);
  });
});

describe('the mails of a subscription', () => {
  let collectionId: string;
  let subscriptionId: string;

  it('tells the seller of the subscriber and sends the subscriber a receipt for every payment', async () => {
    collectionId = await createCollection(t, seller.userId, 'Terrain Pack', { pricingType: 'subscription' });
    const planId = await createPlan(t, seller, [collectionId], { name: 'Terrain Club' });
    subscriptionId = await subscribe(t, buyer, collectionId, planId);

    const news = await smtp.mailTo(emailOf(seller), `${buyer.username} subscribed to Terrain Club`);
    expect(news.parsed.text).toContain('your plan Terrain Club (Terrain Pack) for $5.00 a month');
    const first = await smtp.mailTo(emailOf(buyer), 'Your receipt for Terrain Club');
    expect(first.parsed.text).toMatch(/Invoice in_sandbox_\w+/);
    expect(first.parsed.text).toContain(`Terrain Club by ${seller.username}: $5.00.`);

    // A renewal, as the provider delivers it (twice: the second changes nothing).
    const { provider_subscription_id: providerId } = await t.db
      .selectFrom('subscriptions')
      .select('provider_subscription_id')
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    const renewal = JSON.stringify({
      id: 'evt_renewal_1',
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'in_renewal_1',
          object: 'invoice',
          amount_paid: 500,
          currency: 'usd',
          parent: { subscription_details: { subscription: providerId, metadata: {} } },
          lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 60 * 86_400 } }] },
        },
      },
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': await sandbox.sign(renewal) },
        payload: renewal,
      });
      expect(res.statusCode).toBe(200);
    }
    await queueDone(NOTIFICATION_QUEUE);
    const receipts = mailsTo(buyer, 'Your receipt for Terrain Club');
    expect(receipts.map((m) => /Invoice (\S+),/.exec(m.parsed.text ?? '')?.[1])).toEqual([
      expect.stringMatching(/^in_sandbox_/),
      'in_renewal_1',
    ]);
  });

  it('tells the seller when the subscriber cancels, once', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/purchases/cancel',
        headers: authHeader(buyer),
        payload: { subscriptionId },
      });
      expect(res.statusCode).toBe(200);
    }
    const subject = `${buyer.username} cancelled their subscription to Terrain Club`;
    const told = await smtp.mailTo(emailOf(seller), subject);
    expect(told.parsed.text).toContain('and does not renew');
    await queueDone(NOTIFICATION_QUEUE);
    expect(mailsTo(seller, subject)).toHaveLength(1);
  });

  it('tells the subscriber three days before a cancelled subscription ends, once', async () => {
    // Two days before the end now, as the hourly look would find it.
    await t.db
      .updateTable('subscriptions')
      .set({ end_date: sql<Date>`now() + interval '2 days'` })
      .where('id', '=', subscriptionId)
      .execute();
    const trigger = new JobQueue(
      t.db,
      { claimSeconds: 40, maintenanceSeconds: 60, pollSeconds: 60 },
      () => {},
    );
    try {
      for (let i = 0; i < 2; i++) {
        await trigger.send(ENDING_NOTICES_QUEUE, null);
        await queueDone(ENDING_NOTICES_QUEUE);
      }
    } finally {
      await trigger.stop();
    }
    const endings = smtp.received.filter(
      (m) =>
        m.to.includes(emailOf(buyer)) &&
        m.parsed.subject?.startsWith('Your subscription to Terrain Club ends on'),
    );
    expect(endings).toHaveLength(1);
    expect(endings[0]?.parsed.text).toContain('Until then you can still download Terrain Pack.');
  });
});

describe('new followers', () => {
  const deferredFollowerMail = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = ${FOLLOWER_MAIL_QUEUE}
        and state = 'created' and start_after > now() + interval '23 hours'`.execute(t.db)
    ).rows[0]?.n ?? 0;
  const follow = async (who: TestPerson) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/follow/follow',
      headers: authHeader(who),
      payload: { targetUserId: seller.userId },
    });
    expect(res.statusCode).toBe(200);
  };
  /** A day passes: the last follower mail and the follows are a day older, the mail put off is due. */
  const aDayPasses = async () => {
    await sql`update follower_mail_marks set last_sent_at = last_sent_at - interval '25 hours'`.execute(t.db);
    await sql`update follows set created_at = created_at - interval '25 hours'`.execute(t.db);
    await sql`update pgboss.job set start_after = now() where name = ${FOLLOWER_MAIL_QUEUE}
      and state = 'created'`.execute(t.db);
  };

  it('mails the creator at most once a day, naming everyone who followed meanwhile', async () => {
    await follow(fan);
    const firstMail = await smtp.mailTo(emailOf(seller), `${fan.username} followed you on PrintMarket`);
    expect(firstMail.parsed.text).toContain(`${PUBLIC_URL}/profile/${seller.username}`);

    await follow(fan2);
    await follow(fan3);
    // Within the day: one mail waits until the day is over, for both of them.
    while ((await deferredFollowerMail()) !== 1) await wait(25);
    expect(
      smtp.received.filter((m) => m.to.includes(emailOf(seller)) && /follow/.test(m.parsed.subject ?? '')),
    ).toHaveLength(1);

    await aDayPasses();
    const batch = await smtp.mailTo(emailOf(seller), '2 new followers on PrintMarket');
    expect(batch.parsed.text).toContain(`${fan2.username}, ${fan3.username} now follow you`);
  });

  it('sends nothing to a creator who turned follower mails off', async () => {
    expect((await putSettings(seller, { newFollower: false })).json()).toMatchObject({ newFollower: false });
    await aDayPasses();
    const before = smtp.received.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/follow/unfollow',
      headers: authHeader(fan),
      payload: { targetUserId: seller.userId },
    });
    await follow(fan);
    await queueDone(FOLLOWER_MAIL_QUEUE);
    expect(smtp.received.slice(before).filter((m) => m.to.includes(emailOf(seller)))).toEqual([]);
  });
});

describe('notification settings', () => {
  it('answers every kind, on until turned off, per person; changes only the kinds sent', async () => {
    const [fresh] = await createPeople(t, 'settings', 1);
    expect(await settings(fresh!)).toEqual({
      sale: true,
      newSubscriber: true,
      subscriberCancelled: true,
      receipt: true,
      subscriptionEnding: true,
      newFollower: true,
    });
    const off = await putSettings(fresh, { newSubscriber: false, receipt: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ sale: true, newSubscriber: false, receipt: false });
    const on = await putSettings(fresh, { receipt: true });
    expect(on.json()).toMatchObject({ newSubscriber: false, receipt: true });
  });

  it.each([
    [{ sale: 'no' }, 'sale must be true or false.'],
    [{ security: false }, 'Unknown notification: security.'],
    [[false], 'Notification settings must be a JSON object.'],
  ])('refuses bad input %# with a clear 400', async (payload, message) => {
    const res = await putSettings(buyer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notifications' })).statusCode).toBe(401);
    expect((await putSettings(undefined, { sale: false })).statusCode).toBe(401);
  });
});
