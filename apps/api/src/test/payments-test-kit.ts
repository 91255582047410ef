import type { TestApp } from './app.ts';
import { authHeader, type TestPerson } from './design-fixtures.ts';

/** Test steps for payments through the real routes and the sandbox (no shortcuts into tables). */

/** Makes the seller's payout account and finishes its (sandbox) onboarding. */
export async function connectSeller(t: TestApp, seller: TestPerson): Promise<string> {
  const connect = await t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe-connect/connect',
    headers: authHeader(seller),
  });
  if (connect.statusCode !== 200) throw new Error(`connect failed: ${connect.body}`);
  const { accountId } = connect.json() as { accountId: string };
  const done = await t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/connect/${accountId}/complete`,
    headers: authHeader(seller),
  });
  if (done.statusCode !== 200) throw new Error(`onboarding failed: ${done.body}`);
  return accountId;
}

export type CollectionOptions = {
  pricingType?: 'free' | 'oneTime' | 'subscription';
  priceCents?: number;
  visibility?: 'public' | 'private';
  allowIndividualPurchase?: boolean;
};

export async function createCollection(
  t: TestApp,
  ownerId: string,
  name: string,
  options: CollectionOptions = {},
): Promise<string> {
  const row = await t.db
    .insertInto('collections')
    .values({
      user_id: ownerId,
      name,
      pricing_type: options.pricingType ?? 'oneTime',
      price_cents: options.pricingType === 'free' ? 0 : (options.priceCents ?? 1500),
      visibility: options.visibility ?? 'public',
      allow_individual_purchase: options.allowIndividualPurchase ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const CHECKOUT = {
  design: '/api/payments/checkout/create-checkout-session',
  collection: '/api/payments/checkout/create-collection-session',
  subscription: '/api/payments/checkout/create-subscription-session',
} as const;

/** Opens a checkout; answers the raw response (for refusals) and the session id when it opened. */
export async function openCheckout(t: TestApp, buyer: TestPerson | undefined, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: authHeader(buyer), payload });
  const sessionId = res.statusCode === 200 ? (res.json() as { sessionId: string }).sessionId : null;
  return { res, sessionId };
}

/** Pays on the sandbox's checkout page, which delivers the signed events to the webhook. */
export async function pay(t: TestApp, buyer: TestPerson, sessionId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/checkout/${sessionId}/pay`,
    headers: authHeader(buyer),
  });
  if (res.statusCode !== 200) throw new Error(`pay failed: ${res.statusCode} ${res.body}`);
  return res.json() as { redirectUrl: string };
}

/** Opens a checkout and pays it. */
export async function buy(t: TestApp, buyer: TestPerson, url: string, payload: object): Promise<string> {
  const { res, sessionId } = await openCheckout(t, buyer, url, payload);
  if (!sessionId) throw new Error(`checkout refused: ${res.statusCode} ${res.body}`);
  await pay(t, buyer, sessionId);
  return sessionId;
}

export async function createPlan(
  t: TestApp,
  seller: TestPerson,
  collectionIds: string[],
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/subscription-plans',
    headers: authHeader(seller),
    payload: {
      name: 'Maker Plan',
      collections: collectionIds,
      monthlyPrice: 5,
      annualPrice: 50,
      unlimitedDownloads: true,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`plan failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** Subscribes through the sandbox; answers our subscription id. */
export async function subscribe(
  t: TestApp,
  buyer: TestPerson,
  collectionId: string,
  planId: string,
  planType: 'monthly' | 'yearly' = 'monthly',
): Promise<string> {
  await buy(t, buyer, CHECKOUT.subscription, { collectionId, planId, planType });
  const row = await t.db
    .selectFrom('subscriptions')
    .select('id')
    .where('subscriber_id', '=', buyer.userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the person may download the design's ZIP now (200), as the route decides. */
export async function canDownloadDesign(t: TestApp, person: TestPerson | undefined, designId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/designs/download-all/${designId}`,
    headers: authHeader(person),
  });
  return res.statusCode;
}
