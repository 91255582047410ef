import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { S3FileStore } from './storage/s3-file-store.ts';

describe('health, readiness and metrics for load balancers and monitoring', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      METRICS_ALLOW: '10.1.0.0/16,127.0.0.1',
      METRICS_TOKEN: 'scrape-token-0123456789',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is alive and ready on a migrated database with its storage', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ ok: true });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
  });

  it('is not ready, saying why, while a migration is missing', async () => {
    const last = await t.db
      .selectFrom('kysely_migration' as never)
      .select(sql<string>`max(name)`.as('name'))
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(t.db);
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ready: false, reason: `migrations pending: ${last.name}` });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, now())`.execute(t.db);
    }
  });

  it('counts requests by route pattern, not by raw URL, with the pool and render metrics', async () => {
    await t.app.inject({ url: '/api/profile/11111111-1111-4111-8111-111111111111' });
    await t.app.inject({ url: '/api/profile/22222222-2222-4222-8222-222222222222' });
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/profile\/:id",status="\d+"\} [2-9]/,
    );
    expect(text).not.toContain('11111111-1111');
    expect(text).toMatch(/^db_pool_connections [1-9]/m);
    expect(text).toMatch(/^db_pool_idle_connections \d/m);
    expect(text).toMatch(/^db_pool_waiting_requests \d/m);
    expect(text).toContain('# TYPE preview_render_duration_seconds histogram');
    expect(text).toContain('process_cpu_seconds_total');
    // The job queue's figures, by queue (the start-up sweep is one of them).
    expect(text).toMatch(/^jobs_queued\{queue="upload_leftovers_sweep"\} \d+$/m);
    expect(text).toMatch(/^jobs_failed\{queue="stl_preview"\} 0$/m);
  });

  it('shows metrics only to allowed addresses or the token holder', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '10.2.0.1' })).statusCode).toBe(404);
    const withToken = (token: string) =>
      t.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await withToken('scrape-token-0123456789')).statusCode).toBe(200);
    expect((await withToken('scrape-token-wrong-guess')).statusCode).toBe(403);
  });
});

describe('readiness with storage that cannot be reached', () => {
  let t: TestApp;
  let unreachable: FastifyInstance;
  let closedPort: number;
  beforeAll(async () => {
    t = await createTestApp();
    // A port that was just free and is closed again: connections to it are refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' });
    const files = new S3FileStore({
      bucket: 'files',
      endpoint: `http://127.0.0.1:${closedPort}`,
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    unreachable = await buildApp({ config, db: t.db, files, jwtSecret: new Uint8Array(32), logger: false });
  });
  afterAll(async () => {
    await unreachable?.close();
    await t?.close();
  });

  it('answers 503 naming storage', async () => {
    const res = await unreachable.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().reason).toMatch(/^storage unreachable: /);
  });
});
