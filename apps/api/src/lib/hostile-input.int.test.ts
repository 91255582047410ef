import type { RouteOptions } from 'fastify';
import type { InjectOptions } from 'light-my-request';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from '../test/design-fixtures.ts';
import {
  buy,
  CHECKOUT,
  connectSeller,
  createCollection,
  createPlan,
  openCheckout,
} from '../test/payments-test-kit.ts';
import { binaryStl, type FormFile, multipart } from '../test/upload-test-kit.ts';

/**
 * Hostile input against every registered route, found as the app registers them (so a new route
 * is covered without touching this file): NUL characters in the query, path and JSON body,
 * malformed multipart, huge numbers, overlong strings and odd ids, sent without a token and with
 * the tokens of real people, to the real rows of a seeded world. Nothing may answer 5xx, and every
 * refusal is a JSON `{ message, code }`.
 */

type Route = { method: NonNullable<InjectOptions['method']>; url: string };

const routes: Route[] = [];
/** What the app logged at warning level or above; an error logged is a failure. */
const logs: { level: number; msg: string; sqlState?: string; route?: string; err?: { message: string } }[] =
  [];
const t = await createTestApp(
  {},
  {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat())
        routes.push({ method: method as Route['method'], url: route.url });
    },
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
  },
);
await t.app.ready();

afterAll(() => t.close());

/** Routes that verify a signature on the raw bytes instead of parsing JSON. */
const RAW_BODY_ROUTES = new Set(['POST /api/payments/webhook']);

type World = {
  owner: TestPerson;
  buyer: TestPerson;
  design: TestDesign;
  imageKey: string;
  collectionId: string;
  planId: string;
  accountId: string;
  sessionId: string;
  reportId: string;
  purchaseId: string;
};

let worlds = 0;

/** A seller with a payout account, a paid design in a collection, a plan, and a buyer's open checkout. */
async function seedWorld(): Promise<World> {
  const n = ++worlds;
  const [owner, buyer] = (await createPeople(t, `hostile${n}x`, 2)) as [TestPerson, TestPerson];
  const accountId = await connectSeller(t, owner);
  const collectionId = await createCollection(t, owner.userId, `Collection ${n}`);
  const design = await createDesign(t, owner.userId, {
    slug: `design-${n}`,
    isPaid: true,
    priceCents: 700,
    collectionId,
  });
  const planId = await createPlan(t, owner, [collectionId]);
  const { sessionId } = await openCheckout(t, buyer, CHECKOUT.design, { designId: design.id });
  if (!sessionId) throw new Error('checkout did not open');
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: { 'x-auth-token': buyer.token },
    payload: { targetType: 'design', targetId: design.id, reason: 'spam' },
  });
  if (reported.statusCode !== 201) throw new Error(`report failed: ${reported.body}`);
  // A purchase (of a design of its own, so the open checkout above stays open).
  const bought = await createDesign(t, owner.userId, { slug: `bought-${n}`, isPaid: true, priceCents: 500 });
  await buy(t, buyer, CHECKOUT.design, { designId: bought.id });
  const purchase = await t.db
    .selectFrom('purchases')
    .select('id')
    .where('design_id', '=', bought.id)
    .executeTakeFirstOrThrow();
  const image = await t.db
    .selectFrom('design_files')
    .select('card_key')
    .where('id', '=', (design.images[0] as { id: string }).id)
    .executeTakeFirstOrThrow();
  return {
    owner,
    buyer,
    design,
    imageKey: image.card_key ?? '',
    collectionId,
    planId,
    accountId,
    sessionId,
    reportId: reported.json().id,
    purchaseId: purchase.id,
  };
}

/** The real row each path parameter names; a route with a parameter not listed here fails. */
function realParam(w: World, url: string, param: string): string {
  const byName: Record<string, string> = {
    username: w.owner.username,
    slug: w.design.slug,
    designId: w.design.id,
    fileId: (w.design.stl[0] as { id: string }).id,
    userId: w.owner.userId,
    collectionId: w.collectionId,
    sessionId: w.sessionId,
    accountId: w.accountId,
    file: 'designs-1.xml',
    '*': w.imageKey,
  };
  if (param === 'id') {
    const byPrefix: [string, string][] = [
      ['/api/collections/', w.collectionId],
      ['/api/edit/', w.design.id],
      ['/api/designs/by-id/', w.design.id],
      ['/api/subscription-plans/', w.planId],
      ['/api/profile/', w.owner.userId],
      ['/api/admin/reports/', w.reportId],
      ['/api/admin/purchases/', w.purchaseId],
      ['/api/admin/designs/', w.design.id],
      ['/api/admin/users/', w.owner.userId],
      // The owner's reply to a takedown: /api/designs/:id/takedown-reply.
      ['/api/designs/', w.design.id],
    ];
    const found = byPrefix.find(([prefix]) => url.startsWith(prefix));
    if (found) return found[1];
  } else if (Object.hasOwn(byName, param)) {
    return byName[param] as string;
  }
  throw new Error(`no real value known for :${param} of ${url}; add it to the seeded world`);
}

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

/** The route's path with each parameter given (already encoded) values. */
function fill(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => values[name ?? '*'] as string);
}

function realPath(w: World, url: string, override: Record<string, string> = {}): string {
  const values = Object.fromEntries(
    paramsOf(url).map((p) => [p, encodeURIComponent(realParam(w, url, p)).replace(/%2F/g, '/')]),
  );
  return fill(url, { ...values, ...override });
}

/** Query keys the routes read, each with the given (encoded) value, plus one key of its own. */
const QUERY_KEYS = ['page', 'limit', 'query', 'category', 'price', 'tag', 'session_id', 'collectionId'];
const FILE_LINK_KEYS = ['purpose', 'expires', 'sig'];
const query = (value: string, extraKey = 'x') =>
  [...QUERY_KEYS, ...FILE_LINK_KEYS, extraKey].map((k) => `${k}=${value}`).join('&');

/** Body fields the routes read, all set to `value`. */
const BODY_FIELDS = [
  'designId',
  'collectionId',
  'planId',
  'planType',
  'subscriptionId',
  'userId',
  'followingId',
  'username',
  'name',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'description',
  'price',
  'priceCents',
  'monthlyPrice',
  'annualPrice',
  'collections',
  'visibility',
  'pricingType',
  'tags',
  'category',
  'page',
];
const bodyOf = (value: unknown) => Object.fromEntries(BODY_FIELDS.map((f) => [f, value]));

const NUL = '\u0000';
const HUGE_NUMBERS = ['99999999999999999999999999', '1e308', '-1', '9007199254740993', '-0', 'NaN'];
const ODD_IDS = [
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  "1' or '1'='1",
  '%E2%98%83',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(100),
  '%F0%9F%92%A9'.repeat(20),
];

type Attack = { label: string; request: InjectOptions; expectCode?: string };

/**
 * A valid call for routes whose input is more than ids in the path: each of its fields in turn is
 * given a hostile value while the rest stay valid, so the value gets past the first checks and as
 * far as the database. `as` is the person the call is valid for.
 */
type Example = {
  as: 'owner' | 'buyer';
  query?: Record<string, string>;
  json?: Record<string, unknown>;
  form?: { fields: [string, string][]; files: FormFile[] };
};

const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
  .png()
  .toBuffer();
const stl = binaryStl(4);

const EXAMPLES: Record<string, (w: World) => Example> = {
  'POST /api/auth/register': () => ({
    as: 'owner',
    json: {
      username: `newcomer${worlds}`,
      name: 'New Comer',
      email: `new${worlds}@example.com`,
      password: 'secret123',
    },
  }),
  'POST /api/auth/login': (w) => ({
    as: 'owner',
    json: { email: `${w.owner.username.toLowerCase()}@example.com`, password: 'secret123' },
  }),
  'POST /api/auth/change-password': () => ({
    as: 'owner',
    json: { currentPassword: 'secret123', newPassword: 'secret456' },
  }),
  'PUT /api/user/preferences': () => ({ as: 'owner', json: { homeSort: 'newest', autoOpen3d: true } }),
  'PUT /api/collections/:id': () => ({
    as: 'owner',
    json: {
      name: 'Renamed',
      description: 'About it',
      visibility: 'public',
      pricingType: 'oneTime',
      price: 12.5,
      allowIndividualPurchase: true,
    },
  }),
  'PATCH /api/collections/:id/add': (w) => ({ as: 'owner', json: { designId: w.design.id } }),
  'PATCH /api/collections/:id/remove': (w) => ({ as: 'owner', json: { designId: w.design.id } }),
  'PUT /api/edit/:id': (w) => ({
    as: 'owner',
    json: { name: 'Renamed', description: 'About it', isPaid: true, price: 5, collectionId: w.collectionId },
  }),
  'POST /api/payments/checkout/create-checkout-session': (w) => ({
    as: 'buyer',
    json: { designId: w.design.id },
  }),
  'POST /api/payments/checkout/create-collection-session': (w) => ({
    as: 'buyer',
    json: { collectionId: w.collectionId },
  }),
  'POST /api/payments/checkout/create-subscription-session': (w) => ({
    as: 'buyer',
    json: { collectionId: w.collectionId, planId: w.planId, planType: 'monthly' },
  }),
  'POST /api/purchases/cancel': (w) => ({ as: 'buyer', json: { subscriptionId: w.planId } }),
  'POST /api/subscription-plans': (w) => ({ as: 'owner', json: planBody(w) }),
  'PUT /api/subscription-plans/:id': (w) => ({ as: 'owner', json: planBody(w) }),
  'POST /api/follow/follow': (w) => ({ as: 'owner', json: { targetUserId: w.buyer.userId } }),
  'POST /api/follow/unfollow': (w) => ({ as: 'owner', json: { targetUserId: w.buyer.userId } }),
  'GET /api/designs/search': () => ({
    as: 'owner',
    query: { query: 'design', page: '1', limit: '10', category: 'Tools', price: 'paid', tag: 'test' },
  }),
  'GET /api/designs/newest': () => ({ as: 'owner', query: { page: '2', limit: '5' } }),
  'GET /api/designs/username/:username': () => ({ as: 'owner', query: { sort: 'most-liked' } }),
  'GET /api/payments/checkout/status': (w) => ({ as: 'buyer', query: { session_id: w.sessionId } }),
  'GET /api/purchases/my-collection-purchase': (w) => ({
    as: 'buyer',
    query: { collectionId: w.collectionId },
  }),
  'GET /api/files/content/:fileId': () => ({
    as: 'owner',
    query: { purpose: 'download', expires: String(Math.floor(Date.now() / 1000) + 600), sig: 'abc' },
  }),
  'PUT /api/user/update-profile': () => ({
    as: 'owner',
    form: {
      fields: [
        ['bio', 'Maker'],
        ['location', 'Here'],
        ['socialLinks', JSON.stringify({ website: 'https://example.com' })],
      ],
      files: [{ field: 'profilePicture', name: 'me.png', data: png, type: 'image/png' }],
    },
  }),
  'POST /api/collections/create': (w) => ({
    as: 'owner',
    form: {
      fields: [
        ['name', 'Fresh'],
        ['description', 'New'],
        ['visibility', 'public'],
        ['pricingType', 'oneTime'],
        ['price', '9.99'],
        ['allowIndividualPurchase', 'true'],
        ['designIds', w.design.id],
      ],
      files: [{ field: 'coverImage', name: 'cover.png', data: png, type: 'image/png' }],
    },
  }),
  'POST /api/designs/upload': (w) => ({
    as: 'owner',
    form: {
      fields: [
        ['designName', 'Hostile Gear'],
        ['description', 'A gear'],
        ['isPaid', 'true'],
        ['price', '3.5'],
        ['categories', JSON.stringify(['Tools'])],
        ['tags', 'gear, test'],
        ['settings', '0.2 mm'],
        ['collectionId', w.collectionId],
      ],
      files: [{ field: 'files', name: 'gear.stl', data: stl }],
    },
  }),
  'PATCH /api/edit/:id/files': (w) => ({
    as: 'owner',
    form: {
      fields: [['filesToRemove', (w.design.images[0] as { id: string }).id]],
      files: [{ field: 'newFiles', name: 'extra.stl', data: stl }],
    },
  }),
};

const planBody = (w: World) => ({
  name: 'Plan',
  collections: [w.collectionId],
  monthlyPrice: 5,
  annualPrice: 50,
  unlimitedDownloads: false,
  downloadsPerMonth: 3,
});

const HOSTILE_VALUES: unknown[] = [
  `a${NUL}b`,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  -1,
  0.001,
  's'.repeat(100_000),
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  '',
  [],
  [[1e308]],
  {},
  null,
  true,
];

const HOSTILE_TEXTS = [
  '%00',
  '1e308',
  '99999999999999999999999999',
  '-1',
  '0.5',
  'q'.repeat(5000),
  'not-an-id',
  '00000000-0000-0000-0000-000000000000',
  '',
  '%F0%9F%92%A9',
];

/** The example with one field at a time made hostile. */
function mutations(path: string, example: Example): Attack[] {
  const list: Attack[] = [];
  const { query: q, json, form } = example;
  const queryString = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
  for (const key of Object.keys(q ?? {})) {
    for (const value of HOSTILE_TEXTS) {
      const url = `${path}?${queryString({ ...q, [key]: value })}`;
      list.push({
        label: `query ${key}=${value.slice(0, 12)}`,
        request: { url },
        expectCode: value === '%00' ? 'NUL_CHARACTER' : undefined,
      });
    }
    list.push({ label: `query ${key} twice`, request: { url: `${path}?${queryString(q ?? {})}&${key}=2` } });
  }
  for (const key of Object.keys(json ?? {})) {
    for (const value of HOSTILE_VALUES) {
      list.push({
        label: `${key}: ${JSON.stringify(value)?.slice(0, 12)}`,
        request: { url: path, payload: { ...json, [key]: value } },
        expectCode: value === `a${NUL}b` ? 'NUL_CHARACTER' : undefined,
      });
    }
  }
  if (form) {
    for (const [index, [key]] of form.fields.entries()) {
      for (const value of [
        ...HOSTILE_VALUES.filter((v) => typeof v === 'string'),
        '1e308',
        '-1',
        '[]',
        '{}',
        'null',
      ]) {
        const fields = form.fields.map((f, i) => (i === index ? ([key, value] as [string, string]) : f));
        list.push({
          label: `form ${key}: ${String(value).slice(0, 12)}`,
          request: { url: path, ...multipart(fields, form.files) },
          expectCode: value === `a${NUL}b` ? 'NUL_CHARACTER' : undefined,
        });
      }
    }
    list.push({
      label: 'NUL in an uploaded file name',
      request: {
        url: path,
        ...multipart(
          form.fields,
          form.files.map((f) => ({ ...f, name: `a${NUL}${f.name}` })),
        ),
      },
      expectCode: 'NUL_CHARACTER',
    });
  }
  return list;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every attack on one route, for one world. */
function attacks(route: Route, w: World, formRoute: boolean): Attack[] {
  const key = `${route.method} ${route.url}`;
  const path = realPath(w, route.url);
  const hasBody = BODY_METHODS.has(route.method);
  const list: Attack[] = [];
  const add = (label: string, request: Omit<InjectOptions, 'method'>, expectCode?: string) =>
    list.push({ label, request: { method: route.method, ...request }, expectCode });

  add('NUL in the query', { url: `${path}?${query('a%00b', 'n%00ul')}` }, 'NUL_CHARACTER');
  add('NUL in a query key', { url: `${path}?x%00=1` }, 'NUL_CHARACTER');
  for (const param of paramsOf(route.url)) {
    const value = encodeURIComponent(`${realParam(w, route.url, param)}${NUL}`);
    add(`NUL in :${param}`, { url: realPath(w, route.url, { [param]: value }) }, 'NUL_CHARACTER');
    for (const odd of [...HUGE_NUMBERS, ...ODD_IDS]) {
      add(`:${param} = ${odd.slice(0, 20)}`, { url: realPath(w, route.url, { [param]: odd }) });
    }
  }
  for (const huge of HUGE_NUMBERS) add(`query of ${huge}`, { url: `${path}?${query(huge)}` });
  add('overlong query values', { url: `${path}?${query('q'.repeat(5000))}` });

  if (hasBody) {
    const nulCode = RAW_BODY_ROUTES.has(key) ? undefined : 'NUL_CHARACTER';
    add('NUL in JSON values', { url: path, payload: bodyOf(`a${NUL}b`) }, nulCode);
    add(
      'NUL in a nested JSON key',
      { url: path, payload: { ...bodyOf('x'), deep: { [`k${NUL}`]: 1 } } },
      nulCode,
    );
    add(
      'NUL deep in a JSON array',
      { url: path, payload: { ...bodyOf('x'), list: [[{ v: ['ok', NUL] }]] } },
      nulCode,
    );
    for (const huge of [1e308, -1e308, 2 ** 53 + 2, -1, 0.000001]) {
      add(`JSON numbers of ${huge}`, { url: path, payload: bodyOf(huge) });
    }
    add('overlong JSON strings', { url: path, payload: bodyOf('s'.repeat(100_000)) });
    add('odd JSON ids', { url: path, payload: bodyOf('not-an-id') });
    for (const shape of [[], null, true, 'text', { collections: [{}] }, bodyOf([1, 'a'])]) {
      add(`JSON body ${JSON.stringify(shape).slice(0, 30)}`, {
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(shape),
      });
    }
    // Text fields only: a form route reads them all before it could refuse the form for its content.
    const form = multipart([
      ['name', 'x'],
      ['description', 'y'.repeat(200)],
    ]);
    const boundary = form.headers['content-type'].split('boundary=')[1] as string;
    const malformed = formRoute ? 'MALFORMED_MULTIPART' : undefined;
    add(
      'multipart without a boundary',
      { url: path, headers: { 'content-type': 'multipart/form-data' }, payload: form.payload },
      malformed,
    );
    add(
      'truncated multipart',
      { url: path, headers: form.headers, payload: form.payload.subarray(0, form.payload.length - 100) },
      malformed,
    );
    add(
      'multipart with the wrong boundary',
      {
        url: path,
        headers: { 'content-type': 'multipart/form-data; boundary=other' },
        payload: form.payload,
      },
      malformed,
    );
    add(
      'garbage as multipart',
      {
        url: path,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.from(`--${boundary}\r\n\u0001\u00ff garbage\r\n\r\nno end`),
      },
      malformed,
    );
    if (formRoute) {
      const nulForm = (fields: [string, string][], fileName = 'a.png') =>
        multipart(fields, [{ field: 'files', name: fileName, data: Buffer.from('x') }]);
      add('NUL in a form value', { url: path, ...nulForm([['name', `a${NUL}b`]]) }, 'NUL_CHARACTER');
      add('NUL in a form field name', { url: path, ...nulForm([[`na${NUL}me`, 'x']]) }, 'NUL_CHARACTER');
      add('NUL in a file name', { url: path, ...nulForm([], `a${NUL}.stl`) }, 'NUL_CHARACTER');
    }
  }
  return list;
}

/** A route reads a multipart form when it refuses a JSON body from the owner with 415. */
async function readsForm(route: Route, w: World): Promise<boolean> {
  if (!BODY_METHODS.has(route.method)) return false;
  const res = await t.app.inject({
    method: route.method,
    url: realPath(w, route.url),
    headers: authHeader(w.owner),
    payload: {},
  });
  return res.statusCode === 415 && res.json().code === 'UNSUPPORTED_MEDIA_TYPE';
}

let sharedWorld: World | undefined;
const formRoutes: string[] = [];

describe.each(routes.map((r) => ({ ...r, key: `${r.method} ${r.url}` })))('$key', (route) => {
  it('answers hostile input with a 4xx, never a 5xx', async () => {
    // Calls that may change things get a world of their own; reading calls share one.
    if (!sharedWorld) sharedWorld = await seedWorld();
    const w = BODY_METHODS.has(route.method) ? await seedWorld() : sharedWorld;
    const formRoute = await readsForm(route, w);
    if (formRoute) formRoutes.push(route.key);
    const failures: string[] = [];
    const logged = logs.length;
    for (const who of [undefined, w.buyer, w.owner]) {
      const as = who === undefined ? 'visitor' : who === w.owner ? 'owner' : 'buyer';
      for (const attack of attacks(route, w, formRoute)) {
        const headers = { ...authHeader(who), ...(attack.request.headers as Record<string, string>) };
        const res = await t.app.inject({ ...attack.request, headers });
        const problem = judge(res.statusCode, res.body, route.method, attack, as);
        if (problem) failures.push(`${attack.label} (${as}): ${problem}`);
      }
    }
    const example = EXAMPLES[route.key]?.(w);
    if (example) {
      const who = example.as === 'owner' ? w.owner : w.buyer;
      for (const attack of mutations(realPath(w, route.url), example)) {
        const headers = { ...authHeader(who), ...(attack.request.headers as Record<string, string>) };
        const res = await t.app.inject({ method: route.method, ...attack.request, headers });
        const problem = judge(res.statusCode, res.body, route.method, attack, 'owner');
        if (problem) failures.push(`${attack.label}: ${problem}`);
      }
    }
    const errors = logs.slice(logged).filter((l) => l.level >= 50);
    for (const e of errors) failures.push(`logged an error: ${e.msg} ${e.err?.message ?? ''}`);
    expect(failures).toEqual([]);
  });
});

function judge(status: number, body: string, method: string, attack: Attack, as: string): string | undefined {
  if (status >= 500) return `${status} ${body}`;
  if (status < 400 || method === 'HEAD') return undefined;
  let error: { message?: unknown; code?: unknown };
  try {
    error = JSON.parse(body);
  } catch {
    return `${status} without a JSON error body`;
  }
  if (typeof error.message !== 'string' || typeof error.code !== 'string') return `${status} ${body}`;
  // Form checks run after sign-in: only the owner's calls reach the form.
  const reachesForm = attack.expectCode !== 'MALFORMED_MULTIPART' || as === 'owner';
  const nulInForm = attack.label.includes('form') || attack.label.includes('file name');
  if (attack.expectCode && reachesForm && !(nulInForm && as !== 'owner') && error.code !== attack.expectCode)
    return `expected ${attack.expectCode}, got ${status} ${body}`;
  return undefined;
}

describe('the discovery itself', () => {
  it('has a route for every example', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(EXAMPLES).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('found every kind of route, the form routes among them', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(formRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/designs/upload',
        'PATCH /api/edit/:id/files',
        'PUT /api/user/update-profile',
        'POST /api/collections/create',
        'PATCH /api/collections/:id/update-cover',
      ]),
    );
  });
});
