import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import {
  CHECKOUT,
  canDownloadDesign,
  connectSeller,
  createCollection,
  createPlan,
  openCheckout,
  pay,
} from '../../test/payments-test-kit.ts';

/**
 * Property: after any sequence of purchases, subscriptions, cancellations, expiries and changes to
 * collections, the server's answer to "may this buyer download this design?" is the one of a small
 * reference model, and every operation is accepted or refused as the model says.
 *
 * The reference rule (docs/product.md#access): a design is downloadable if free, owned by the person,
 * bought on its own, in the snapshot of a collection purchase, or in a collection the person bought
 * or has a live subscription to (active, or canceled with the end date in the future). A
 * subscription covers its collection and the collections of its plan.
 *
 * Each run gets fresh entities in one app: a seller with a connected sandbox account, two buyers,
 * three paid designs, a one-time collection O and a subscription collection S, and a plan covering
 * S (and, in some runs, O too).
 */

type Coll = 'O' | 'S';
type Buyer = 0 | 1;
type DesignIx = 0 | 1 | 2;

type Setup = {
  /** Where each design starts. */
  membership: [Coll | null, Coll | null, Coll | null];
  /** Whether each collection also sells its designs on their own. */
  allowIndividual: Record<Coll, boolean>;
  planCoversOneTime: boolean;
};

type Op =
  | { kind: 'buyDesign'; buyer: Buyer; design: DesignIx }
  | { kind: 'buyCollection'; buyer: Buyer; collection: Coll }
  | { kind: 'subscribe'; buyer: Buyer; collection: Coll }
  /** By the holder, or (`byOther`) by the other buyer, which must be refused. */
  | { kind: 'cancel'; holder: Buyer; pick: number; byOther: boolean }
  | { kind: 'expire'; holder: Buyer; pick: number }
  | { kind: 'add'; design: DesignIx; collection: Coll }
  /** From the collection the design is in now (`current`), or from a named one. */
  | { kind: 'remove'; design: DesignIx; collection: Coll | 'current' }
  | { kind: 'delete'; collection: Coll };

type ModelSubscription = { holder: Buyer; collection: Coll; status: 'active' | 'canceled'; past: boolean };

const BUYERS: Buyer[] = [0, 1];
const DESIGNS: DesignIx[] = [0, 1, 2];

/** The reference model: what each buyer holds, in plain sets. */
class Model {
  readonly designColl: (Coll | null)[];
  readonly deleted = new Set<Coll>();
  readonly bought = [new Set<DesignIx>(), new Set<DesignIx>()];
  readonly snapshots = [new Set<DesignIx>(), new Set<DesignIx>()];
  readonly collectionsBought = [new Set<Coll>(), new Set<Coll>()];
  readonly subscriptions: ModelSubscription[] = [];

  constructor(readonly setup: Setup) {
    this.designColl = [...setup.membership];
  }

  inPlan(c: Coll): boolean {
    return !this.deleted.has(c) && (c === 'S' || (c === 'O' && this.setup.planCoversOneTime));
  }

  live(s: ModelSubscription): boolean {
    return s.status === 'active' || !s.past;
  }

  covers(s: ModelSubscription, c: Coll): boolean {
    return !this.deleted.has(c) && (s.collection === c || this.inPlan(c));
  }

  mayDownload(b: Buyer, d: DesignIx): boolean {
    if (this.bought[b]?.has(d) || this.snapshots[b]?.has(d)) return true;
    const c = this.designColl[d];
    if (!c) return false;
    if (this.collectionsBought[b]?.has(c)) return true;
    return this.subscriptions.some((s) => s.holder === b && this.live(s) && this.covers(s, c));
  }

  /** Bought by someone, or covered by a live subscription. */
  held(c: Coll): boolean {
    return (
      this.collectionsBought.some((bought) => bought.has(c)) ||
      this.subscriptions.some((s) => this.live(s) && this.covers(s, c))
    );
  }

  /** The collection a `remove` names: the design's own when `current` (S when it has none). */
  removeTarget(op: Extract<Op, { kind: 'remove' }>): Coll {
    return op.collection === 'current' ? (this.designColl[op.design] ?? 'S') : op.collection;
  }

  subscriptionsOf(b: Buyer): ModelSubscription[] {
    return this.subscriptions.filter((s) => s.holder === b);
  }

  /** The status the API should answer, changing the model when the operation succeeds. */
  apply(op: Op): number | null {
    switch (op.kind) {
      case 'buyDesign': {
        if (this.mayDownload(op.buyer, op.design)) return 409;
        const c = this.designColl[op.design];
        if (c && !this.setup.allowIndividual[c]) return 400;
        this.bought[op.buyer]?.add(op.design);
        return 200;
      }
      case 'buyCollection': {
        if (this.deleted.has(op.collection)) return 404;
        if (op.collection !== 'O') return 400;
        if (this.collectionsBought[op.buyer]?.has(op.collection)) return 409;
        this.collectionsBought[op.buyer]?.add(op.collection);
        for (const d of DESIGNS) if (this.designColl[d] === op.collection) this.snapshots[op.buyer]?.add(d);
        return 200;
      }
      case 'subscribe': {
        const c = op.collection;
        if (this.deleted.has(c) || !this.inPlan(c)) return 404;
        // A canceled one still running counts: it is resumed, never bought a second time.
        const running = this.subscriptionsOf(op.buyer).some(
          (s) => (s.status === 'active' || !s.past) && this.covers(s, c),
        );
        if (this.collectionsBought[op.buyer]?.has(c) || running) return 409;
        this.subscriptions.push({ holder: op.buyer, collection: c, status: 'active', past: false });
        return 200;
      }
      case 'cancel': {
        const target = pickOf(this.subscriptionsOf(op.holder), op.pick);
        if (!target) return null;
        if (op.byOther) return 404;
        target.status = 'canceled';
        return 200;
      }
      case 'expire': {
        const target = pickOf(this.subscriptionsOf(op.holder), op.pick);
        if (!target) return null;
        target.past = true;
        return null;
      }
      case 'add': {
        if (this.deleted.has(op.collection)) return 404;
        const now = this.designColl[op.design];
        if (now) return 409;
        this.designColl[op.design] = op.collection;
        return 200;
      }
      case 'remove': {
        const c = this.removeTarget(op);
        if (this.deleted.has(c)) return 404;
        if (this.designColl[op.design] !== c) return 404;
        this.designColl[op.design] = null;
        return 200;
      }
      case 'delete': {
        if (this.deleted.has(op.collection)) return 404;
        // What people hold cannot be deleted (the owner archives it instead).
        if (this.held(op.collection)) return 409;
        this.deleted.add(op.collection);
        for (const d of DESIGNS) if (this.designColl[d] === op.collection) this.designColl[d] = null;
        return 200;
      }
    }
  }
}

function pickOf<T>(list: T[], pick: number): T | undefined {
  return list.length === 0 ? undefined : list[pick % list.length];
}

/** The same world for real: entities made for this run only. */
type RealWorld = {
  seller: TestPerson;
  buyers: [TestPerson, TestPerson];
  designs: string[];
  collections: Record<Coll, string>;
  planId: string;
  /** Our subscription ids, in the order the model holds them. */
  subscriptionIds: string[];
};

let t: TestApp;
let runNumber = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function buildWorld(setup: Setup): Promise<RealWorld> {
  runNumber += 1;
  const [seller, b0, b1] = (await createPeople(t, `Model${runNumber}x`, 3)) as [
    TestPerson,
    TestPerson,
    TestPerson,
  ];
  await connectSeller(t, seller);
  const collections: Record<Coll, string> = {
    O: await createCollection(t, seller.userId, 'One-time O', {
      pricingType: 'oneTime',
      priceCents: 1200,
      allowIndividualPurchase: setup.allowIndividual.O,
    }),
    S: await createCollection(t, seller.userId, 'Subscription S', {
      pricingType: 'subscription',
      priceCents: 400,
      allowIndividualPurchase: setup.allowIndividual.S,
    }),
  };
  const designs = await Promise.all(
    setup.membership.map(async (c, i) => {
      const collectionId = c ? collections[c] : null;
      return (
        await createDesign(t, seller.userId, { slug: `d${i}`, isPaid: true, priceCents: 300, collectionId })
      ).id;
    }),
  );
  const planId = await createPlan(
    t,
    seller,
    setup.planCoversOneTime ? [collections.S, collections.O] : [collections.S],
  );
  return { seller, buyers: [b0, b1], designs, collections, planId, subscriptionIds: [] };
}

/** Opens a checkout; pays it when it opened. Answers the opening's status. */
async function checkout(buyer: TestPerson, url: string, payload: object): Promise<number> {
  const { res, sessionId } = await openCheckout(t, buyer, url, payload);
  if (sessionId) await pay(t, buyer, sessionId);
  return res.statusCode;
}

/** Runs the operation through the real routes; answers the status, or null when nothing was asked. */
async function run(world: RealWorld, model: Model, op: Op): Promise<number | null> {
  const patch = async (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: authHeader(world.seller), payload })).statusCode;
  switch (op.kind) {
    case 'buyDesign':
      return checkout(world.buyers[op.buyer], CHECKOUT.design, { designId: world.designs[op.design] });
    case 'buyCollection':
      return checkout(world.buyers[op.buyer], CHECKOUT.collection, {
        collectionId: world.collections[op.collection],
      });
    case 'subscribe': {
      const buyer = world.buyers[op.buyer];
      const status = await checkout(buyer, CHECKOUT.subscription, {
        collectionId: world.collections[op.collection],
        planId: world.planId,
        planType: 'monthly',
      });
      if (status === 200) {
        const row = await t.db
          .selectFrom('subscriptions')
          .select('id')
          .where('subscriber_id', '=', buyer.userId)
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow();
        world.subscriptionIds.push(row.id);
      }
      return status;
    }
    case 'cancel': {
      const id = subscriptionId(world, model, op.holder, op.pick);
      if (!id) return null;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/purchases/cancel',
        headers: authHeader(world.buyers[op.byOther ? 1 - op.holder : op.holder]),
        payload: { subscriptionId: id },
      });
      return res.statusCode;
    }
    case 'expire': {
      const id = subscriptionId(world, model, op.holder, op.pick);
      if (id) {
        // The only way to move time: the end date goes into the past.
        await t.db
          .updateTable('subscriptions')
          .set({ end_date: new Date(Date.now() - 60_000) })
          .where('id', '=', id)
          .execute();
      }
      return null;
    }
    case 'add':
      return patch('PATCH', `/api/collections/${world.collections[op.collection]}/add`, {
        designId: world.designs[op.design],
      });
    case 'remove':
      return patch('PATCH', `/api/collections/${world.collections[model.removeTarget(op)]}/remove`, {
        designId: world.designs[op.design],
      });
    case 'delete':
      return patch('DELETE', `/api/collections/${world.collections[op.collection]}`);
  }
}

/** The real id of the model's `pick`-th subscription of `holder` (read before the model applies). */
function subscriptionId(world: RealWorld, model: Model, holder: Buyer, pick: number): string | undefined {
  const target = pickOf(model.subscriptionsOf(holder), pick);
  return target ? world.subscriptionIds[model.subscriptions.indexOf(target)] : undefined;
}

const buyer = fc.constantFrom<Buyer>(0, 1);
const design = fc.constantFrom<DesignIx>(0, 1, 2);
const collection = fc.constantFrom<Coll>('O', 'S');
/** Mostly the collection an operation makes sense for, sometimes the other. */
const mostly = (usual: Coll) => fc.constantFrom<Coll>(usual, usual, usual, usual === 'O' ? 'S' : 'O');
const pick = fc.nat({ max: 2 });
const startsIn = fc.constantFrom<Coll | null>('O', 'O', 'S', 'S', null);

const setupArb: fc.Arbitrary<Setup> = fc.record({
  membership: fc.tuple(startsIn, startsIn, startsIn),
  allowIndividual: fc.record({ O: fc.boolean(), S: fc.boolean() }),
  planCoversOneTime: fc.boolean(),
});

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('buyDesign' as const), buyer, design }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('buyCollection' as const), buyer, collection: mostly('O') }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('subscribe' as const), buyer, collection: mostly('S') }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      holder: buyer,
      pick,
      byOther: fc.constantFrom(false, false, false, true),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expire' as const), holder: buyer, pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add' as const), design, collection }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      design,
      collection: fc.constantFrom<Coll | 'current'>('current', 'current', 'O', 'S'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), collection }) },
);

/** Every (buyer, design) as the route answers it: 200 or 403. */
async function observed(world: RealWorld): Promise<number[][]> {
  return Promise.all(
    BUYERS.map((b) => Promise.all(world.designs.map((id) => canDownloadDesign(t, world.buyers[b], id)))),
  );
}

function expected(model: Model): number[][] {
  return BUYERS.map((b) => DESIGNS.map((d) => (model.mayDownload(b, d) ? 200 : 403)));
}

/**
 * Histories every run starts with, one per clause of the rule that a random history reaches only
 * now and then; the random ones follow.
 */
const EXAMPLES: [Setup, Op[]][] = [
  // The snapshot of a collection purchase outlives removal; later additions are covered only while
  // they stay in the collection; a collection someone bought cannot be deleted.
  [
    { membership: ['O', 'O', null], allowIndividual: { O: false, S: false }, planCoversOneTime: false },
    [
      { kind: 'buyCollection', buyer: 0, collection: 'O' },
      { kind: 'buyCollection', buyer: 0, collection: 'O' },
      { kind: 'buyDesign', buyer: 1, design: 0 },
      { kind: 'remove', design: 0, collection: 'current' },
      { kind: 'add', design: 2, collection: 'O' },
      { kind: 'buyDesign', buyer: 1, design: 0 },
      { kind: 'delete', collection: 'O' },
      { kind: 'buyCollection', buyer: 1, collection: 'O' },
    ],
  ],
  // A subscription covers its plan's collections; cancelled it runs to its end date, and while it
  // runs out no second one is sold (only once it ran out); only the holder cancels.
  [
    { membership: ['S', 'O', null], allowIndividual: { O: true, S: true }, planCoversOneTime: true },
    [
      { kind: 'subscribe', buyer: 1, collection: 'S' },
      { kind: 'subscribe', buyer: 1, collection: 'O' },
      { kind: 'buyDesign', buyer: 1, design: 1 },
      { kind: 'cancel', holder: 1, pick: 0, byOther: true },
      { kind: 'cancel', holder: 1, pick: 0, byOther: false },
      { kind: 'subscribe', buyer: 1, collection: 'S' },
      { kind: 'expire', holder: 1, pick: 0 },
      { kind: 'cancel', holder: 1, pick: 1, byOther: false },
      { kind: 'expire', holder: 1, pick: 1 },
      { kind: 'buyDesign', buyer: 1, design: 1 },
      { kind: 'subscribe', buyer: 0, collection: 'O' },
    ],
  ],
  // A renewing subscription stays live past its end date; cancelled after it, it is over.
  [
    { membership: ['S', 'S', 'O'], allowIndividual: { O: false, S: false }, planCoversOneTime: false },
    [
      { kind: 'subscribe', buyer: 0, collection: 'S' },
      { kind: 'expire', holder: 0, pick: 0 },
      { kind: 'subscribe', buyer: 0, collection: 'S' },
      { kind: 'cancel', holder: 0, pick: 0, byOther: false },
      { kind: 'buyDesign', buyer: 0, design: 0 },
      { kind: 'subscribe', buyer: 0, collection: 'O' },
    ],
  ],
];

describe(`access decisions against the reference model`, () => {
  it('agree after every step of random purchase, subscription and collection histories', async () => {
    await fc.assert(
      fc.asyncProperty(
        setupArb,
        fc.array(opArb, { minLength: 3, maxLength: 12, size: 'max' }),
        async (setup, ops) => {
          const world = await buildWorld(setup);
          const model = new Model(setup);
          expect(await observed(world), 'before any step').toEqual(expected(model));
          const done: string[] = [];
          for (const op of ops) {
            const answered = await run(world, model, op);
            const predicted = model.apply(op);
            done.push(JSON.stringify(op));
            expect(answered, `status of ${done.join(' → ')}`).toBe(predicted);
            expect(await observed(world), `downloads after ${done.join(' → ')}`).toEqual(expected(model));
          }
        },
      ),
      { numRuns: 25, examples: EXAMPLES },
    );
  }, 120_000);
});
