import { REPORT_ALREADY_OPEN, REPORT_SENT, REPORT_TARGET_MISSING } from '@printmarket/shared/reports';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { authHeader, createDesign, createPeople, type TestPerson } from '../../test/design-fixtures.ts';
import { confirmAddress } from '../../test/outbox.ts';
import { createCollection } from '../../test/payments-test-kit.ts';

let t: TestApp;
let operator: TestPerson;
let unconfirmedOperator: TestPerson;
let owner: TestPerson;
let member: TestPerson;
let other: TestPerson;
let designId: string;
let collectionId: string;

/** A person who signed up with a password (their address is `{username}@example.com`). */
async function person(username: string, confirm: boolean): Promise<TestPerson> {
  const { token, userId, email } = await signUp(t.app, username);
  if (confirm) await confirmAddress(t, email);
  return { token, userId, username };
}

beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAILS: 'ops@example.com, LateOp@Example.com',
    REPORTS_MAX_PER_HOUR: '5',
  });
  operator = await person('Ops', true);
  unconfirmedOperator = await person('LateOp', false);
  [owner, member, other] = (await createPeople(t, 'safety', 3)) as [TestPerson, TestPerson, TestPerson];
  designId = (await createDesign(t, owner.userId, { slug: 'copied-gear', name: 'Copied Gear' })).id;
  collectionId = await createCollection(t, owner.userId, 'Copied Pack', { pricingType: 'free' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who?: TestPerson, payload?: object) =>
  t.app.inject({ method, url, headers: authHeader(who), ...(payload ? { payload } : {}) });
const report = (who: TestPerson | undefined, payload: object) => call('POST', '/api/reports', who, payload);

describe('operators', () => {
  it('are the confirmed accounts whose address ADMIN_EMAILS lists, as /api/auth/user says', async () => {
    const isAdmin = async (who: TestPerson) => (await call('GET', '/api/auth/user', who)).json().isAdmin;
    expect(await isAdmin(operator)).toBe(true);
    expect(await isAdmin(member)).toBe(false);
    // Listed, but nobody proved they own the address: anyone could have signed up with it.
    expect(await isAdmin(unconfirmedOperator)).toBe(false);
  });
});

describe('reports', () => {
  it('takes a report of what members see, one open report per person and target', async () => {
    const first = await report(member, {
      targetType: 'design',
      targetId: designId,
      reason: 'copyright',
      details: 'A copy of my Gear v2, published on my site in 2024.',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), message: REPORT_SENT });
    const again = await report(member, { targetType: 'design', targetId: designId, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPORT_ALREADY_OPEN, code: 'ALREADY_REPORTED' });
    expect(
      (await report(other, { targetType: 'design', targetId: designId, reason: 'prohibited' })).statusCode,
    ).toBe(201);
    expect(
      (await report(other, { targetType: 'collection', targetId: collectionId, reason: 'spam' })).statusCode,
    ).toBe(201);
    expect(
      (await report(other, { targetType: 'user', targetId: owner.userId, reason: 'harassment' })).statusCode,
    ).toBe(201);
  });

  it('refuses bad input, unknown targets, one’s own things and visitors', async () => {
    const missing = await report(member, { targetType: 'design', targetId: owner.userId, reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: REPORT_TARGET_MISSING, code: 'NOT_FOUND' });
    expect(
      (await report(member, { targetType: 'design', targetId: 'nope', reason: 'spam' })).statusCode,
    ).toBe(404);
    expect(
      (await report(owner, { targetType: 'design', targetId: designId, reason: 'spam' })).json().code,
    ).toBe('OWN_TARGET');
    for (const bad of [
      { targetType: 'comment', targetId: designId, reason: 'spam' },
      { targetType: 'design', targetId: designId, reason: 'ugly' },
      { targetType: 'design', targetId: designId, reason: 'other' },
      { targetType: 'design', targetId: designId, reason: 'spam', details: 'x'.repeat(2001) },
    ])
      expect((await report(other, bad)).statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    expect(
      (await report(undefined, { targetType: 'design', targetId: designId, reason: 'spam' })).statusCode,
    ).toBe(401);
  });

  it('limits the reports of one person per hour', async () => {
    const [eager] = (await createPeople(t, 'eager', 1)) as [TestPerson];
    const designs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createDesign(t, owner.userId, { slug: `flood-${i}` })),
    );
    const answers = [];
    for (const design of designs)
      answers.push(
        (await report(eager, { targetType: 'design', targetId: design.id, reason: 'spam' })).statusCode,
      );
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('the reports queue and the audit log', () => {
  it('lists open reports with their target, dismisses all of one target at once, and records it', async () => {
    const open = (await call('GET', '/api/admin/reports', operator)).json().reports as {
      id: string;
      reason: string;
      reporter: { username: string };
      target: { type: string; label: string; path: string; ownerUsername: string };
      openReportsOnTarget: number;
    }[];
    const onGear = open.filter((r) => r.target.label === 'Copied Gear');
    expect(onGear.length).toBe(2);
    expect(onGear[0]).toMatchObject({
      target: {
        type: 'design',
        path: `/design/${owner.username}/copied-gear`,
        ownerUsername: owner.username,
      },
      openReportsOnTarget: 2,
    });
    expect(open.find((r) => r.target.type === 'user')?.target).toMatchObject({
      label: owner.username,
      path: `/profile/${owner.username}`,
    });

    const dismissed = await call('POST', `/api/admin/reports/${onGear[0]?.id}/resolve`, operator, {
      action: 'dismiss',
      note: 'Not a copy: different gear ratio.',
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ resolved: 2 });
    const twice = await call('POST', `/api/admin/reports/${onGear[1]?.id}/resolve`, operator, {
      action: 'dismiss',
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await call('POST', `/api/admin/reports/${onGear[0]?.id}/resolve`, operator, { action: 'ban' }))
        .statusCode,
    ).toBe(400);

    const resolved = (await call('GET', '/api/admin/reports?status=resolved', operator)).json().reports as {
      target: { label: string };
      resolution: { action: string; note: string; by: string };
    }[];
    expect(resolved.filter((r) => r.target.label === 'Copied Gear').map((r) => r.resolution)).toEqual([
      expect.objectContaining({ action: 'dismiss', note: 'Not a copy: different gear ratio.', by: 'Ops' }),
      expect.objectContaining({ action: 'dismiss', by: 'Ops' }),
    ]);
    // A dismissed report no longer stands in the way of a new one.
    expect(
      (await report(member, { targetType: 'design', targetId: designId, reason: 'spam' })).statusCode,
    ).toBe(201);

    const audit = (
      await call('GET', `/api/admin/audit?action=report.dismiss&targetId=${designId}`, operator)
    ).json();
    expect(audit.entries).toEqual([
      expect.objectContaining({
        actor: { id: operator.userId, username: 'Ops' },
        action: 'report.dismiss',
        targetType: 'design',
        targetId: designId,
        reason: 'Not a copy: different gear ratio.',
      }),
    ]);
    expect((await call('GET', '/api/admin/audit?actor=nobody', operator)).json().entries).toEqual([]);
    expect((await call('GET', '/api/admin/reports?status=all', operator)).statusCode).toBe(400);
  });

  it('keeps the audit log append-only, in the database itself', async () => {
    await expect(sql`update audit_log set reason = 'rewritten'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.db);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });
});
