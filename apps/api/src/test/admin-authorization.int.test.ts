import { OPERATORS_ONLY } from '@printmarket/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from './app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from './design-fixtures.ts';
import { confirmAddress } from './outbox.ts';
import { buy, CHECKOUT, connectSeller } from './payments-test-kit.ts';

/**
 * The authorisation table of the operators' calls: every /api/admin route the app registers (the
 * test fails on one missing here), tried by each role. Operators get their answer; everyone else is
 * refused before anything happens (401 for visitors, 403 with OPERATORS_ONLY for the rest, the
 * owner of the target included) and nothing changes.
 */

type Who = TestPerson | undefined;
type Call = { method: 'GET' | 'POST'; url: string; payload?: object; operatorGets: number };

let t: TestApp;
let operator: TestPerson;
let unconfirmed: TestPerson;
let owner: TestPerson;
let member: TestPerson;
let calls: Call[];

async function person(username: string, confirm: boolean): Promise<TestPerson> {
  const { token, userId, email } = await signUp(t.app, username);
  if (confirm) await confirmAddress(t, email);
  return { token, userId, username };
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'warden@example.com, nearly@example.com' });
  operator = await person('Warden', true);
  unconfirmed = await person('Nearly', false);
  owner = await person('Holder', true);
  [member] = (await createPeople(t, 'bystander', 1)) as [TestPerson];
  const design = await createDesign(t, owner.userId, { slug: 'judged-gear', name: 'Judged Gear' });
  await connectSeller(t, owner);
  const sold = await createDesign(t, owner.userId, { slug: 'sold-gear', isPaid: true, priceCents: 900 });
  await buy(t, member, CHECKOUT.design, { designId: sold.id });
  const purchase = await t.db
    .selectFrom('purchases')
    .select('id')
    .where('design_id', '=', sold.id)
    .executeTakeFirstOrThrow();
  const report = await t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: authHeader(member),
    payload: { targetType: 'design', targetId: design.id, reason: 'spam' },
  });
  const reportId = report.json().id as string;
  // In the order the operator runs them: each action before its undoing.
  calls = [
    { method: 'GET', url: '/api/admin/reports', operatorGets: 200 },
    { method: 'GET', url: '/api/admin/reports?status=resolved', operatorGets: 200 },
    { method: 'GET', url: '/api/admin/audit', operatorGets: 200 },
    { method: 'GET', url: '/api/admin/designs', operatorGets: 200 },
    { method: 'GET', url: '/api/admin/users?q=holder', operatorGets: 200 },
    { method: 'GET', url: '/api/admin/purchases?q=holder', operatorGets: 200 },
    {
      method: 'POST',
      url: `/api/admin/reports/${reportId}/resolve`,
      payload: { action: 'dismiss', note: 'Fine.' },
      operatorGets: 200,
    },
    {
      method: 'POST',
      url: `/api/admin/designs/${design.id}/takedown`,
      payload: { reason: 'Checking.' },
      operatorGets: 200,
    },
    { method: 'POST', url: `/api/admin/designs/${design.id}/restore`, payload: {}, operatorGets: 200 },
    {
      method: 'POST',
      url: `/api/admin/users/${owner.userId}/suspend`,
      payload: { reason: 'Checking.' },
      operatorGets: 200,
    },
    { method: 'POST', url: `/api/admin/users/${owner.userId}/unsuspend`, payload: {}, operatorGets: 200 },
    {
      method: 'POST',
      url: `/api/admin/purchases/${purchase.id}/refund`,
      payload: { reason: 'Checking.' },
      operatorGets: 200,
    },
    {
      method: 'POST',
      url: `/api/admin/designs/${sold.id}/refund-buyers`,
      payload: { reason: 'Checking.' },
      operatorGets: 200,
    },
  ];
});
afterAll(() => t.close());

const send = (call: Call, who: Who) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    headers: authHeader(who),
    ...(call.payload ? { payload: call.payload } : {}),
  });

/** `GET /api/admin/reports/:id/resolve`-style templates of the calls, to compare with the routes. */
const template = (call: Call) =>
  `${call.method} ${call.url.split('?')[0]?.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`;

/**
 * The /api/admin routes the app registers, as `METHOD /path/:param`, read from Fastify's route
 * tree: each line is a segment below the line above it that is one level (4 characters) less deep.
 */
function adminRoutes(): string[] {
  const found = new Set<string>();
  const parents: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (parents[depth - 1] ?? '') : '') + (match[2] ?? '');
    parents[depth] = path;
    if (!path.startsWith('/api/admin/') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.add(`${method} ${path}`);
  }
  return [...found].sort();
}

describe('the operators’ calls', () => {
  it('are all in the table', () => {
    expect([...new Set(calls.map(template))].sort()).toEqual(adminRoutes());
  });

  it('answer operators alone: 401 for visitors, 403 for members, owners and unconfirmed listed addresses', async () => {
    const refused: [string, Who, number][] = [
      ['visitor', undefined, 401],
      ['member', member, 403],
      ['owner of the target', owner, 403],
      ['listed, address unconfirmed', unconfirmed, 403],
    ];
    let tried = 0;
    const mismatches: string[] = [];
    for (const [role, who, expected] of refused)
      for (const call of calls) {
        tried++;
        const res = await send(call, who);
        if (res.statusCode !== expected) mismatches.push(`${role} ${template(call)}: ${res.statusCode}`);
        else if (expected === 403 && res.json().message !== OPERATORS_ONLY)
          mismatches.push(`${role} ${template(call)}: ${res.body}`);
      }
    // Nothing the refused calls would have done happened.
    const audit = await send({ method: 'GET', url: '/api/admin/audit', operatorGets: 200 }, operator);
    expect(audit.json().entries).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: authHeader(owner) })).statusCode,
    ).toBe(200);
    for (const call of calls) {
      tried++;
      const res = await send(call, operator);
      if (res.statusCode !== call.operatorGets)
        mismatches.push(`operator ${template(call)}: ${res.statusCode} ${res.body}`);
    }
    expect({ tried, mismatches }).toEqual({ tried: calls.length * 5, mismatches: [] });
  });
});
