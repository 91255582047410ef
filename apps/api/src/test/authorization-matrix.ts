/**
 * The authorisation matrix of file deliveries and payments: for each role (a row) and each call
 * (a column), the HTTP status the API answers. Plain data; authorization-matrix.int.test.ts builds
 * the world described here through the real routes and runs one test per cell.
 *
 * The world: one seller (the owner) with a connected sandbox account, and
 * - design A: paid, on its own;
 * - collection C: one-time purchase, its designs not sold separately, holding design B (paid) and
 *   design G (free);
 * - collection S: subscription, its designs also sold separately, holding design D (paid);
 * - collection T: subscription, holding design E (paid); plan P covers S and T, so a subscription
 *   taken out on S covers T through its plan. A spare plan of the seller covers S (the target of
 *   plan changes);
 * - design F: free, on its own;
 * - a stranger (no role) with two open checkouts of design A.
 * Each file column uses the design's first STL model.
 */

export const ROLES = [
  'visitor',
  'user',
  'owner',
  'designBuyer',
  'collectionBuyer',
  'subscriber',
  'cancelledBeforeEnd',
  'cancelledAfterEnd',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  visitor: 'visitor (no token)',
  user: 'signed-in user who bought nothing',
  owner: 'owner (the seller of everything here)',
  designBuyer: 'bought design A on its own',
  collectionBuyer: 'bought collection C (one-time)',
  subscriber: 'active subscriber to S through plan P',
  cancelledBeforeEnd: 'cancelled subscriber to S, before the end date',
  cancelledAfterEnd: 'cancelled subscriber to S, after the end date',
};

export type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409;

export type Column = {
  /** Method and path of the call. */
  call: string;
  /** What it is called on, in the world above. */
  target: string;
  /**
   * The call changes the world when it succeeds: such columns run after all others, and within
   * them the roles it succeeds for run last.
   */
  changes?: boolean;
};

/** The five ways to a design's files, each a column for each design. */
const fileColumns = (design: string) =>
  ({
    download: { call: 'GET /api/designs/download/{fileId}', target: `${design}: signed download URL` },
    view: { call: 'GET /api/designs/get-signed-url/{fileId}', target: `${design}: 3D viewer URL` },
    downloadLink: {
      call: 'GET /api/files/content/{fileId}?purpose=download',
      target: `${design}: the download link the role was given, else a forged one`,
    },
    viewLink: {
      call: 'GET /api/files/content/{fileId}?purpose=view',
      target: `${design}: the viewer link the role was given, else a forged one`,
    },
    zip: { call: 'GET /api/designs/download-all/{designId}', target: `${design}: the design's ZIP` },
  }) satisfies Record<string, Column>;

export const COLUMNS = {
  designA: fileColumns('design A (paid, on its own)'),
  designB: fileColumns('design B (paid, in one-time collection C)'),
  designD: fileColumns('design D (paid, in subscription collection S)'),
  designF: fileColumns('design F (free, on its own)'),
  links: {
    absentSignature: {
      call: 'GET /api/files/content/{fileId}?purpose=download&expires={future}',
      target: 'design A, no signature',
    },
    forgedSignature: {
      call: 'GET /api/files/content/{fileId}?purpose=download&expires={future}&sig={forged}',
      target: 'design A, signed with another key',
    },
  },
  collectionC: {
    zipAll: { call: 'GET /api/collections/{id}/download-all', target: 'collection C' },
    zipOnePaid: { call: 'GET /api/collections/{id}/download-one/{designId}', target: 'C, design B (paid)' },
    zipOneFree: { call: 'GET /api/collections/{id}/download-one/{designId}', target: 'C, design G (free)' },
  },
  collectionS: {
    zipAll: { call: 'GET /api/collections/{id}/download-all', target: 'collection S' },
    zipOnePaid: { call: 'GET /api/collections/{id}/download-one/{designId}', target: 'S, design D (paid)' },
  },
  planCollectionT: {
    download: {
      call: 'GET /api/designs/download/{fileId}',
      target: 'design E (paid, in T, covered by plan P)',
    },
    zip: { call: 'GET /api/designs/download-all/{designId}', target: 'design E' },
    zipAll: { call: 'GET /api/collections/{id}/download-all', target: 'collection T' },
  },
  buyDesign: {
    A: { call: 'POST /api/payments/checkout/create-checkout-session', target: 'design A' },
    B: { call: 'POST /api/payments/checkout/create-checkout-session', target: 'design B (in C)' },
    D: { call: 'POST /api/payments/checkout/create-checkout-session', target: 'design D (in S)' },
  },
  buyCollection: {
    C: { call: 'POST /api/payments/checkout/create-collection-session', target: 'collection C' },
    S: {
      call: 'POST /api/payments/checkout/create-collection-session',
      target: 'collection S (subscription only)',
    },
  },
  subscribe: {
    S: {
      call: 'POST /api/payments/checkout/create-subscription-session',
      target: 'collection S with plan P, monthly',
    },
    T: {
      call: 'POST /api/payments/checkout/create-subscription-session',
      target: 'collection T with plan P, monthly',
    },
  },
  purchases: {
    cancel: {
      call: 'POST /api/purchases/cancel',
      target: "the active subscriber's subscription",
      changes: true,
    },
  },
  plans: {
    create: { call: 'POST /api/subscription-plans', target: 'a new plan over collection S', changes: true },
    update: { call: 'PUT /api/subscription-plans/{id}', target: "the seller's spare plan", changes: true },
    delete: { call: 'DELETE /api/subscription-plans/{id}', target: "the seller's spare plan", changes: true },
  },
  seller: {
    connect: { call: 'POST /api/payments/stripe-connect/connect', target: "the role's own payout account" },
    onboard: {
      call: 'POST /api/payments/stripe-connect/connect/onboard',
      target: "the role's own payout account",
    },
    billingPortal: { call: 'POST /api/payments/billing-portal', target: "the role's own billing" },
  },
  sandbox: {
    payOthersCheckout: {
      call: 'POST /api/payments/sandbox/checkout/{sessionId}/pay',
      target: "a stranger's open checkout of design A",
      changes: true,
    },
    cancelOthersCheckout: {
      call: 'POST /api/payments/sandbox/checkout/{sessionId}/cancel',
      target: "a stranger's open checkout of design A",
      changes: true,
    },
    completeSellersOnboarding: {
      call: 'POST /api/payments/sandbox/connect/{accountId}/complete',
      target: "the seller's payout account",
    },
  },
} satisfies Record<string, Record<string, Column>>;

export type Columns = typeof COLUMNS;
export type Group = keyof Columns;

/** One role's row: a status for every column, grouped as COLUMNS is. */
export type Row = { [G in Group]: { [C in keyof Columns[G]]: Status } };

/** Anyone signed in may set up and see their own payout account and billing. */
const OWN_SELLER_ACCOUNT = { connect: 200, onboard: 200, billingPortal: 200 } as const;

export const MATRIX: Record<Role, Row> = {
  visitor: {
    designA: { download: 401, view: 401, downloadLink: 403, viewLink: 403, zip: 401 },
    designB: { download: 401, view: 401, downloadLink: 403, viewLink: 403, zip: 401 },
    designD: { download: 401, view: 401, downloadLink: 403, viewLink: 403, zip: 401 },
    designF: { download: 401, view: 200, downloadLink: 403, viewLink: 200, zip: 401 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 401, zipOnePaid: 401, zipOneFree: 401 },
    collectionS: { zipAll: 401, zipOnePaid: 401 },
    planCollectionT: { download: 401, zip: 401, zipAll: 401 },
    buyDesign: { A: 401, B: 401, D: 401 },
    buyCollection: { C: 401, S: 401 },
    subscribe: { S: 401, T: 401 },
    purchases: { cancel: 401 },
    plans: { create: 401, update: 401, delete: 401 },
    seller: { connect: 401, onboard: 401, billingPortal: 401 },
    sandbox: { payOthersCheckout: 401, cancelOthersCheckout: 401, completeSellersOnboarding: 401 },
  },
  user: {
    designA: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designB: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designD: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designF: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 403, zipOnePaid: 403, zipOneFree: 200 },
    collectionS: { zipAll: 403, zipOnePaid: 403 },
    planCollectionT: { download: 403, zip: 403, zipAll: 403 },
    buyDesign: { A: 200, B: 400, D: 200 },
    buyCollection: { C: 200, S: 400 },
    subscribe: { S: 200, T: 200 },
    purchases: { cancel: 404 },
    plans: { create: 400, update: 404, delete: 404 },
    seller: OWN_SELLER_ACCOUNT,
    sandbox: { payOthersCheckout: 404, cancelOthersCheckout: 404, completeSellersOnboarding: 404 },
  },
  owner: {
    designA: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    designB: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    designD: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    designF: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 200, zipOnePaid: 200, zipOneFree: 200 },
    collectionS: { zipAll: 200, zipOnePaid: 200 },
    planCollectionT: { download: 200, zip: 200, zipAll: 200 },
    buyDesign: { A: 403, B: 403, D: 403 },
    buyCollection: { C: 403, S: 403 },
    subscribe: { S: 403, T: 403 },
    purchases: { cancel: 404 },
    plans: { create: 201, update: 200, delete: 200 },
    seller: OWN_SELLER_ACCOUNT,
    sandbox: { payOthersCheckout: 404, cancelOthersCheckout: 404, completeSellersOnboarding: 200 },
  },
  designBuyer: {
    designA: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    designB: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designD: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designF: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 403, zipOnePaid: 403, zipOneFree: 200 },
    collectionS: { zipAll: 403, zipOnePaid: 403 },
    planCollectionT: { download: 403, zip: 403, zipAll: 403 },
    buyDesign: { A: 409, B: 400, D: 200 },
    buyCollection: { C: 200, S: 400 },
    subscribe: { S: 200, T: 200 },
    purchases: { cancel: 404 },
    plans: { create: 400, update: 404, delete: 404 },
    seller: OWN_SELLER_ACCOUNT,
    sandbox: { payOthersCheckout: 404, cancelOthersCheckout: 404, completeSellersOnboarding: 404 },
  },
  collectionBuyer: {
    designA: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designB: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    designD: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designF: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 200, zipOnePaid: 200, zipOneFree: 200 },
    collectionS: { zipAll: 403, zipOnePaid: 403 },
    planCollectionT: { download: 403, zip: 403, zipAll: 403 },
    buyDesign: { A: 200, B: 409, D: 200 },
    buyCollection: { C: 409, S: 400 },
    subscribe: { S: 200, T: 200 },
    purchases: { cancel: 404 },
    plans: { create: 400, update: 404, delete: 404 },
    seller: OWN_SELLER_ACCOUNT,
    sandbox: { payOthersCheckout: 404, cancelOthersCheckout: 404, completeSellersOnboarding: 404 },
  },
  subscriber: {
    designA: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designB: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designD: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    designF: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 403, zipOnePaid: 403, zipOneFree: 200 },
    collectionS: { zipAll: 200, zipOnePaid: 200 },
    planCollectionT: { download: 200, zip: 200, zipAll: 200 },
    buyDesign: { A: 200, B: 400, D: 409 },
    buyCollection: { C: 200, S: 400 },
    subscribe: { S: 409, T: 409 },
    purchases: { cancel: 200 },
    plans: { create: 400, update: 404, delete: 404 },
    seller: OWN_SELLER_ACCOUNT,
    sandbox: { payOthersCheckout: 404, cancelOthersCheckout: 404, completeSellersOnboarding: 404 },
  },
  cancelledBeforeEnd: {
    designA: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designB: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designD: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    designF: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 403, zipOnePaid: 403, zipOneFree: 200 },
    collectionS: { zipAll: 200, zipOnePaid: 200 },
    planCollectionT: { download: 200, zip: 200, zipAll: 200 },
    buyDesign: { A: 200, B: 400, D: 409 },
    buyCollection: { C: 200, S: 400 },
    // A subscription running out is resumed, never bought a second time.
    subscribe: { S: 409, T: 409 },
    purchases: { cancel: 404 },
    plans: { create: 400, update: 404, delete: 404 },
    seller: OWN_SELLER_ACCOUNT,
    sandbox: { payOthersCheckout: 404, cancelOthersCheckout: 404, completeSellersOnboarding: 404 },
  },
  cancelledAfterEnd: {
    designA: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designB: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designD: { download: 403, view: 403, downloadLink: 403, viewLink: 403, zip: 403 },
    designF: { download: 200, view: 200, downloadLink: 200, viewLink: 200, zip: 200 },
    links: { absentSignature: 403, forgedSignature: 403 },
    collectionC: { zipAll: 403, zipOnePaid: 403, zipOneFree: 200 },
    collectionS: { zipAll: 403, zipOnePaid: 403 },
    planCollectionT: { download: 403, zip: 403, zipAll: 403 },
    buyDesign: { A: 200, B: 400, D: 200 },
    buyCollection: { C: 200, S: 400 },
    subscribe: { S: 200, T: 200 },
    purchases: { cancel: 404 },
    plans: { create: 400, update: 404, delete: 404 },
    seller: OWN_SELLER_ACCOUNT,
    sandbox: { payOthersCheckout: 404, cancelOthersCheckout: 404, completeSellersOnboarding: 404 },
  },
};
