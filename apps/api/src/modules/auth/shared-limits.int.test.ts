import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { LocalFileStore } from '../../lib/storage/local-file-store.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

/**
 * Two API instances on one database, as behind a load balancer: the sign-in and sign-up limits
 * hold for the pair, not per instance, and a restarted instance still knows them.
 */
describe('rate limits shared by API instances on one database', () => {
  let first: TestApp;
  let second: FastifyInstance;
  const dataDirs: string[] = [];

  /** Another instance of the app on the first one's database, with its own files folder. */
  async function anotherInstance(env: Record<string, string> = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printmarket-instance-'));
    dataDirs.push(dataDir);
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES: '3', ...env }),
      db: first.db,
      files: new LocalFileStore(path.join(dataDir, 'files')),
      jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      logger: false,
    });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    first = await createTestApp({ LOGIN_MAX_FAILURES: '3', SIGNUP_MAX_PER_HOUR: '4' });
    second = await anotherInstance({ SIGNUP_MAX_PER_HOUR: '4' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const login = (app: FastifyInstance, email: string, ip: string, password = 'wrong-guess') =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('refuses after the limit when wrong passwords alternate between instances, not after twice it', async () => {
    const { email } = await signUp(first.app, 'Alternating');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await login(i % 2 ? second : first.app, email, '10.5.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
    const limited = await login(second, email, '10.5.0.2');
    expect(limited.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
  });

  it('still refuses on an instance started after the failures (a restart)', async () => {
    const { email, password } = await signUp(first.app, 'Restarted');
    for (let i = 0; i < 3; i++) expect((await login(first.app, email, '10.6.0.1')).statusCode).toBe(401);
    const restarted = await anotherInstance();
    try {
      expect((await login(restarted, email, '10.6.0.2')).statusCode).toBe(429);
      // Even the right password waits, on every instance: the count is the database's.
      expect((await login(restarted, email, '10.6.0.3', password)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('lets a parallel burst spread over both instances try no more than the limit', async () => {
    const { email } = await signUp(first.app, 'Spread');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(i % 2 ? second : first.app, email, `10.7.0.${i}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
  });

  it('counts sign-ups from one address across instances', async () => {
    const register = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          username: `Joiner${n}`,
          name: 'Joiner',
          email: `joiner${n}@example.com`,
          password: 'teapot-lantern-9',
        },
        remoteAddress: '10.8.0.1',
      });
    const codes: number[] = [];
    for (let n = 0; n < 6; n++) codes.push((await register(n % 2 ? second : first.app, n)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
  });
});
