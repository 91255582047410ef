import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { InjectOptions } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { registerErrorHandler } from './error-handler.ts';

type Logged = { level: number; msg: string; sqlState?: string };

let t: TestApp;
/** The one error handler on an app of its own, whose routes run what the database refuses. */
let bare: FastifyInstance;
const logs: Logged[] = [];

/** Statements each engine refuses with a data exception (SQLSTATE class 22), and one it fails otherwise. */
const REFUSED: Record<string, (db: TestApp['db']) => Promise<unknown>> = {
  '22P02': (db) => sql`select ${'not-an-id'}::uuid`.execute(db),
  '22003': (db) => sql`select ${'2147483648'}::int4`.execute(db),
  '22007': (db) => sql`select ${'the day after'}::date`.execute(db),
  '22008': (db) => sql`select make_date(2020, 13, 40)`.execute(db),
  '22021': (db) => sql`select convert_from(decode('ff', 'hex'), 'UTF8')`.execute(db),
  '22001': (db) =>
    db.transaction().execute(async (tx) => {
      await sql`create temp table short_text (v varchar(2)) on commit drop`.execute(tx);
      await sql`insert into short_text values (${'too long'})`.execute(tx);
    }),
  '42P01': (db) => sql`select * from no_such_table`.execute(db),
};

beforeAll(async () => {
  t = await createTestApp();
  bare = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(JSON.parse(line)) } },
  });
  registerErrorHandler(bare);
  for (const [state, run] of Object.entries(REFUSED)) bare.get(`/${state}`, () => run(t.db));
  await bare.ready();
});

afterAll(async () => {
  await bare.close();
  await t.close();
});

describe('what the database refuses', () => {
  it.each(Object.keys(REFUSED).filter((s) => s.startsWith('22')))(
    'SQLSTATE %s is the client’s 400',
    async (state) => {
      const res = await bare.inject({ method: 'GET', url: `/${state}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringMatching(/request/), code: 'INVALID_VALUE' });
      // A warning naming the check that is missing, never an error with a stack.
      expect(logs.at(-1)).toMatchObject({ level: 40, sqlState: state });
    },
  );

  it('any other database failure stays our 500, logged', async () => {
    const res = await bare.inject({ method: 'GET', url: '/42P01' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL');
    expect(logs.at(-1)).toMatchObject({ level: 50, msg: 'request failed' });
  });
});

describe("Fastify's own refusals keep their statuses", () => {
  const json = { 'content-type': 'application/json' };
  const cases: [string, InjectOptions, number, string][] = [
    [
      'invalid JSON',
      { method: 'POST', url: '/api/auth/login', headers: json, payload: '{"email":' },
      400,
      'FST_ERR_CTP_INVALID_JSON_BODY',
    ],
    [
      'a prototype key in JSON',
      { method: 'POST', url: '/api/auth/login', headers: json, payload: '{"__proto__":{"x":1}}' },
      400,
      'FST_ERR_CTP_INVALID_JSON_BODY',
    ],
    [
      'a body over the limit',
      { method: 'POST', url: '/api/auth/login', payload: { email: 'x'.repeat(2 * 1024 * 1024) } },
      413,
      'FST_ERR_CTP_BODY_TOO_LARGE',
    ],
    [
      'a text body',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' },
      415,
      'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    ],
    [
      'a form posted urlencoded',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=b',
      },
      415,
      'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    ],
    [
      'broken percent-encoding in the path',
      { method: 'GET', url: '/api/designs/by-id/%E0%A4%A' },
      400,
      'FST_ERR_BAD_URL',
    ],
    ['an unknown address', { method: 'GET', url: '/api/no-such-thing' }, 404, 'NOT_FOUND'],
  ];

  it.each(cases)('%s', async (_label, options, status, code) => {
    const res = await t.app.inject(options);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message: expect.any(String), code });
  });
});
