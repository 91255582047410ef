import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FilePurpose, FileUrlSigner } from '../lib/signed-urls.ts';
import { createTestApp, type TestApp } from './app.ts';
import {
  COLUMNS,
  type Column,
  type Columns,
  type Group,
  MATRIX,
  ROLE_DESCRIPTIONS,
  ROLES,
  type Role,
  type Status,
} from './authorization-matrix.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from './design-fixtures.ts';
import {
  buy,
  CHECKOUT,
  connectSeller,
  createCollection,
  createPlan,
  openCheckout,
  subscribe,
} from './payments-test-kit.ts';

/**
 * One test per cell of the authorisation matrix (authorization-matrix.ts): one app, one world built
 * through the real routes and the sandbox, every call made as every role.
 */

type World = {
  people: Record<Exclude<Role, 'visitor'>, TestPerson>;
  accountId: string;
  designs: { A: TestDesign; B: TestDesign; D: TestDesign; E: TestDesign; F: TestDesign; G: TestDesign };
  collectionC: string;
  collectionS: string;
  collectionT: string;
  planP: string;
  sparePlan: string;
  subscriberSubscription: string;
  strangerCheckouts: { pay: string; cancel: string };
};

let t: TestApp;
let w: World;

/** Signs like the server, with another key: what someone forging a link would have. */
const forger = new FileUrlSigner(new TextEncoder().encode('not-the-server-secret-not-the-server'));

type Who = TestPerson | undefined;
type Call = (who: Who) => Promise<number>;

const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  (await t.app.inject({ method, url, headers: authHeader(who), payload })).statusCode;

const modelOf = (design: TestDesign) => design.stl[0] as { id: string; bytes: Buffer };

/** Asks for a link as the role; fetches it, or a forged one when the role was refused a link. */
async function contentVia(design: TestDesign, route: 'download' | 'get-signed-url', who: Who) {
  const model = modelOf(design);
  const purpose: FilePurpose = route === 'download' ? 'download' : 'view';
  const link = await t.app.inject({
    method: 'GET',
    url: `/api/designs/${route}/${model.id}`,
    headers: authHeader(who),
  });
  const url = link.statusCode === 200 ? (link.json() as { url: string }).url : forger.url(model.id, purpose);
  const content = await t.app.inject({ method: 'GET', url, headers: authHeader(who) });
  if (content.statusCode === 200) expect(content.rawPayload.equals(model.bytes)).toBe(true);
  return content.statusCode;
}

const fileCalls = (pick: () => TestDesign) => ({
  download: (who: Who) => send('GET', `/api/designs/download/${modelOf(pick()).id}`, who),
  view: (who: Who) => send('GET', `/api/designs/get-signed-url/${modelOf(pick()).id}`, who),
  downloadLink: (who: Who) => contentVia(pick(), 'download', who),
  viewLink: (who: Who) => contentVia(pick(), 'get-signed-url', who),
  zip: (who: Who) => send('GET', `/api/designs/download-all/${pick().id}`, who),
});

const checkout = async (who: Who, url: string, payload: object) =>
  (await openCheckout(t, who, url, payload)).res.statusCode;

const planPayload = (name: string) => ({
  name,
  collections: [w.collectionS],
  monthlyPrice: 5,
  annualPrice: 50,
  unlimitedDownloads: true,
});

/** How each column's call is made; typed so that every column of the table has one. */
const CALLS: { [G in Group]: { [C in keyof Columns[G]]: Call } } = {
  designA: fileCalls(() => w.designs.A),
  designB: fileCalls(() => w.designs.B),
  designD: fileCalls(() => w.designs.D),
  designF: fileCalls(() => w.designs.F),
  links: {
    absentSignature: (who) => {
      const expires = Math.floor(Date.now() / 1000) + 300;
      return send(
        'GET',
        `/api/files/content/${modelOf(w.designs.A).id}?purpose=download&expires=${expires}`,
        who,
      );
    },
    forgedSignature: (who) => send('GET', forger.url(modelOf(w.designs.A).id, 'download'), who),
  },
  collectionC: {
    zipAll: (who) => send('GET', `/api/collections/${w.collectionC}/download-all`, who),
    zipOnePaid: (who) => send('GET', `/api/collections/${w.collectionC}/download-one/${w.designs.B.id}`, who),
    zipOneFree: (who) => send('GET', `/api/collections/${w.collectionC}/download-one/${w.designs.G.id}`, who),
  },
  collectionS: {
    zipAll: (who) => send('GET', `/api/collections/${w.collectionS}/download-all`, who),
    zipOnePaid: (who) => send('GET', `/api/collections/${w.collectionS}/download-one/${w.designs.D.id}`, who),
  },
  planCollectionT: {
    download: (who) => send('GET', `/api/designs/download/${modelOf(w.designs.E).id}`, who),
    zip: (who) => send('GET', `/api/designs/download-all/${w.designs.E.id}`, who),
    zipAll: (who) => send('GET', `/api/collections/${w.collectionT}/download-all`, who),
  },
  buyDesign: {
    A: (who) => checkout(who, CHECKOUT.design, { designId: w.designs.A.id }),
    B: (who) => checkout(who, CHECKOUT.design, { designId: w.designs.B.id }),
    D: (who) => checkout(who, CHECKOUT.design, { designId: w.designs.D.id }),
  },
  buyCollection: {
    C: (who) => checkout(who, CHECKOUT.collection, { collectionId: w.collectionC }),
    S: (who) => checkout(who, CHECKOUT.collection, { collectionId: w.collectionS }),
  },
  subscribe: {
    S: (who) =>
      checkout(who, CHECKOUT.subscription, {
        collectionId: w.collectionS,
        planId: w.planP,
        planType: 'monthly',
      }),
    T: (who) =>
      checkout(who, CHECKOUT.subscription, {
        collectionId: w.collectionT,
        planId: w.planP,
        planType: 'monthly',
      }),
  },
  purchases: {
    cancel: (who) => send('POST', '/api/purchases/cancel', who, { subscriptionId: w.subscriberSubscription }),
  },
  plans: {
    create: (who) => send('POST', '/api/subscription-plans', who, planPayload('Matrix Plan')),
    update: (who) => send('PUT', `/api/subscription-plans/${w.sparePlan}`, who, planPayload('Spare Plan')),
    delete: (who) => send('DELETE', `/api/subscription-plans/${w.sparePlan}`, who),
  },
  seller: {
    connect: (who) => send('POST', '/api/payments/stripe-connect/connect', who),
    onboard: (who) => send('POST', '/api/payments/stripe-connect/connect/onboard', who),
    billingPortal: (who) => send('POST', '/api/payments/billing-portal', who),
  },
  sandbox: {
    payOthersCheckout: (who) =>
      send('POST', `/api/payments/sandbox/checkout/${w.strangerCheckouts.pay}/pay`, who),
    cancelOthersCheckout: (who) =>
      send('POST', `/api/payments/sandbox/checkout/${w.strangerCheckouts.cancel}/cancel`, who),
    completeSellersOnboarding: (who) =>
      send('POST', `/api/payments/sandbox/connect/${w.accountId}/complete`, who),
  },
};

type Cell = { role: Role; label: string; expected: Status };
type ColumnRun = { title: string; group: Group; column: string; changes: boolean; cells: Cell[] };

/**
 * The columns in table order, those that change the world last; in those, the roles the call
 * succeeds for come after the ones it is refused to, so a refusal is always tried on the real target.
 */
const columnRuns: ColumnRun[] = (Object.keys(COLUMNS) as Group[])
  .flatMap((group) =>
    Object.entries(COLUMNS[group] as Record<string, Column>).map(([column, spec]) => {
      const changes = spec.changes === true;
      const cells = ROLES.map((role) => ({
        role,
        label: ROLE_DESCRIPTIONS[role],
        expected: (MATRIX[role][group] as Record<string, Status>)[column] as Status,
      }));
      if (changes) cells.sort((a, b) => Number(a.expected < 300) - Number(b.expected < 300));
      return { title: `${group}.${column}: ${spec.call} — ${spec.target}`, group, column, changes, cells };
    }),
  )
  .sort((a, b) => Number(a.changes) - Number(b.changes));

beforeAll(async () => {
  t = await createTestApp();
  type Eight = [
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
    TestPerson,
  ];
  const [
    owner,
    user,
    designBuyer,
    collectionBuyer,
    subscriber,
    cancelledBeforeEnd,
    cancelledAfterEnd,
    stranger,
  ] = (await createPeople(t, 'Matrix', 8)) as Eight;
  const accountId = await connectSeller(t, owner);
  const collectionC = await createCollection(t, owner.userId, 'One-time C', {
    pricingType: 'oneTime',
    priceCents: 1500,
    allowIndividualPurchase: false,
  });
  const collectionS = await createCollection(t, owner.userId, 'Subscription S', {
    pricingType: 'subscription',
    priceCents: 500,
    allowIndividualPurchase: true,
  });
  const collectionT = await createCollection(t, owner.userId, 'Subscription T', {
    pricingType: 'subscription',
  });
  const [A, B, G, D, E, F] = await Promise.all([
    createDesign(t, owner.userId, { slug: 'design-a', isPaid: true, priceCents: 700 }),
    createDesign(t, owner.userId, { slug: 'design-b', isPaid: true, collectionId: collectionC }),
    createDesign(t, owner.userId, { slug: 'design-g', collectionId: collectionC }),
    createDesign(t, owner.userId, { slug: 'design-d', isPaid: true, collectionId: collectionS }),
    createDesign(t, owner.userId, { slug: 'design-e', isPaid: true, collectionId: collectionT }),
    createDesign(t, owner.userId, { slug: 'design-f' }),
  ]);
  const planP = await createPlan(t, owner, [collectionS, collectionT], { name: 'Plan P' });
  const sparePlan = await createPlan(t, owner, [collectionS], { name: 'Spare Plan' });

  await buy(t, designBuyer, CHECKOUT.design, { designId: A.id });
  await buy(t, collectionBuyer, CHECKOUT.collection, { collectionId: collectionC });
  const subscriberSubscription = await subscribe(t, subscriber, collectionS, planP);
  const before = await subscribe(t, cancelledBeforeEnd, collectionS, planP);
  const after = await subscribe(t, cancelledAfterEnd, collectionS, planP);
  for (const [person, subscriptionId] of [
    [cancelledBeforeEnd, before],
    [cancelledAfterEnd, after],
  ] as const) {
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/purchases/cancel',
      headers: authHeader(person),
      payload: { subscriptionId },
    });
    if (cancel.statusCode !== 200) throw new Error(`cancel failed: ${cancel.body}`);
  }
  // Moving past the end date: the only way to move time.
  await t.db
    .updateTable('subscriptions')
    .set({ end_date: new Date(Date.now() - 60_000) })
    .where('id', '=', after)
    .execute();

  const strangersCheckout = async () => {
    const { res, sessionId } = await openCheckout(t, stranger, CHECKOUT.design, { designId: A.id });
    if (!sessionId) throw new Error(`checkout refused: ${res.body}`);
    return sessionId;
  };

  w = {
    people: { user, owner, designBuyer, collectionBuyer, subscriber, cancelledBeforeEnd, cancelledAfterEnd },
    accountId,
    designs: { A, B, D, E, F, G },
    collectionC,
    collectionS,
    collectionT,
    planP,
    sparePlan,
    subscriberSubscription,
    strangerCheckouts: { pay: await strangersCheckout(), cancel: await strangersCheckout() },
  };
});
afterAll(() => t?.close());

describe.each(columnRuns.map((run) => [run.title, run] as const))(
  '%s',
  (_title, { group, column, cells }) => {
    it.each(cells.map((cell) => [cell.label, cell.expected, cell.role] as const))(
      '%s: %i',
      async (_label, expected, role) => {
        const call = (CALLS[group] as Record<string, Call>)[column] as Call;
        expect(await call(role === 'visitor' ? undefined : w.people[role])).toBe(expected);
      },
    );
  },
);
