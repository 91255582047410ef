import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database.ts';
import { generateModel } from '../../seed/generators/stl-models.ts';
import {
  bundleServer,
  type RunningServer,
  type ServerBundle,
  startBuiltServer,
} from '../../test/built-server.ts';
import { createTestDatabase } from '../../test/database.ts';
import { listFiles, multipart } from '../../test/upload-test-kit.ts';

/**
 * The real server process killed with SIGKILL at the worst moments of an upload, then started
 * again: what it left must be consistent (every stored file referenced by a row, every row's files
 * present, no temporary files), and work cut short must be finished (missing previews rendered).
 */
// Each test starts the server twice, and on a busy machine one start can take a minute: the tests'
// limits only catch a hang.
describe(`upload crash consistency`, () => {
  let bundle: ServerBundle;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: RunningServer | undefined;
  let token: string;
  const env = () => ({
    DATA_DIR: dataDir,
    JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
    // Leftovers go at the next start whatever their age (nothing else uploads here).
    UPLOAD_LEFTOVER_MINUTES: '0',
    // A killed upload's lease on what it stored runs out soon after the kill (renewed 3 times a second).
    UPLOAD_LEASE_SECONDS: '1',
    DATABASE_URL: database.url,
    // The killed server's claim on its render job expires soon, so the restarted one takes it over.
    JOB_CLAIM_SECONDS: '10',
    JOB_MAINTENANCE_SECONDS: '1',
  });

  beforeAll(async () => {
    bundle = await bundleServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'printmarket-crash-'));
    database = await createTestDatabase();
    server = await startBuiltServer(bundle, env());
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'Crasher',
        name: 'Crash Test',
        email: 'crash@example.com',
        password: 'teapot-lantern-9',
      }),
    });
    expect(res.status).toBe(201);
    token = ((await res.json()) as { token: string }).token;
  }, 360_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.drop();
    await bundle?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const fields = (name: string): [string, string][] => [
    ['designName', name],
    ['description', 'Uploaded while the server dies.'],
    ['categories', JSON.stringify(['Art'])],
    ['isPaid', 'false'],
  ];

  /** Sends the body, the first `sendBytes` of it only when given; resolves with the status or null. */
  function post(body: Buffer, headers: Record<string, string>, sendBytes = body.length) {
    return new Promise<number | null>((resolve) => {
      const req = http.request(`${server!.url}/api/designs/upload`, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length), 'x-auth-token': token },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
        res.on('error', () => resolve(null));
      });
      req.on('error', () => resolve(null));
      req.write(body.subarray(0, sendBytes));
      if (sendBytes === body.length) req.end();
    });
  }

  /** Polls `check` until it holds; the server's output goes with a timeout, for the reason why. */
  async function until(check: () => Promise<boolean>, what: string, timeout = 20_000, interval = 5) {
    await vi.waitFor(
      async () => {
        if (!(await check())) throw new Error(`timed out waiting for ${what}\n${server?.output() ?? ''}`);
      },
      { timeout, interval },
    );
  }

  const storedModels = async () => (await listDir(path.join(dataDir, 'files', 'stl'))).length;

  /** Stops the server, then runs `inspect` on its database. */
  async function withServerStopped<T>(inspect: (db: Database) => Promise<T>): Promise<T> {
    await server!.kill('SIGTERM');
    server = undefined;
    return inspect(database.db);
  }

  /** Every stored file is referenced by a row, every referenced file exists, no temporary file is left. */
  async function assertConsistent() {
    const { referenced, designsWithoutModel } = await withServerStopped(async (db) => {
      const rows = await db
        .selectFrom('design_files')
        .select(['storage_key', 'card_key', 'preview_key', 'preview_card_key', 'preview_mesh_key'])
        .execute();
      const orphanDesigns = await db
        .selectFrom('designs')
        .select('id')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('design_files')
                .select('id')
                .whereRef('design_files.design_id', '=', 'designs.id')
                .where('kind', '=', 'stl'),
            ),
          ),
        )
        .execute();
      return {
        referenced: rows.flatMap((r) => [
          r.storage_key,
          r.card_key,
          r.preview_key,
          r.preview_card_key,
          r.preview_mesh_key,
        ]),
        designsWithoutModel: orphanDesigns.length,
      };
    });
    const stored = await listFiles(path.join(dataDir, 'files'));
    expect(stored.filter((f) => !f.startsWith('.tmp'))).toEqual(
      referenced.filter((k): k is string => k !== null).sort(),
    );
    expect(await listFiles(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(designsWithoutModel).toBe(0);
    server = await startBuiltServer(bundle, env());
  }

  /** Kills the server and starts it again once the killed uploads' leases have run out. */
  async function restartAfterKill() {
    await server!.kill('SIGKILL');
    await until(async () => {
      const live = await database.db
        .selectFrom('pending_uploads')
        .select('id')
        .where('lease_until', '>', sql<Date>`now()`)
        .execute();
      return live.length === 0;
    }, "the killed uploads' leases to run out");
    server = await startBuiltServer(bundle, env());
  }

  async function designNamed(name: string) {
    const res = await fetch(`${server!.url}/api/designs/my-designs`, { headers: { 'x-auth-token': token } });
    const body = (await res.json()) as
      | { designs?: { id: string; name: string }[] }
      | { id: string; name: string }[];
    const list = Array.isArray(body) ? body : (body.designs ?? []);
    return list.find((d) => d.name === name);
  }

  it('killed while the model streams: no row, no file, no temporary file', async () => {
    const stl = generateModel('ornament-ball', { seed: 1, detail: 1 }).stl;
    const { payload, headers } = multipart(fields('Cut Short'), [{ name: 'ball.stl', data: stl }]);
    const sending = post(payload, headers, Math.floor(payload.length / 2));
    await until(
      async () => (await listFiles(path.join(dataDir, 'tmp'))).length > 0,
      'the temporary upload file',
    );
    await restartAfterKill();
    expect(await sending).toBeNull();

    expect(await designNamed('Cut Short')).toBeUndefined();
    await assertConsistent();
  }, 360_000);

  it('killed after the model was stored, before the commit: the stored model is swept at start', async () => {
    const stl = generateModel('gear', { seed: 2, detail: 0.3 }).stl;
    // Photos after the model keep the upload busy (decoded and re-encoded one by one) after the
    // model is already in storage: the window in which the process dies.
    const photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const photos = Array.from({ length: 6 }, (_, i) => ({ name: `photo-${i}.png`, data: photo }));
    const { payload, headers } = multipart(fields('Never Committed'), [
      { name: 'gear.stl', data: stl },
      ...photos,
    ]);
    const modelsBefore = await storedModels();
    const sending = post(payload, headers);
    await until(async () => (await storedModels()) > modelsBefore, 'the model in storage', 30_000, 2);
    await restartAfterKill();
    expect(await sending).toBeNull();

    expect(await designNamed('Never Committed')).toBeUndefined();
    // The start's sweep is a job, worked once the server is ready (the next sweep is an hour away).
    await until(async () => (await storedModels()) === modelsBefore, "the start's sweep of the stored model");
    await assertConsistent();
  }, 360_000);

  it('killed while the preview renders after the commit: the design stays and its preview is made at start', async () => {
    const stl = generateModel('twisted-vase', { seed: 3, detail: 1 }).stl;
    const { payload, headers } = multipart(fields('Preview Pending'), [{ name: 'vase.stl', data: stl }]);
    expect(await post(payload, headers)).toBe(201);
    await restartAfterKill();

    const design = await designNamed('Preview Pending');
    expect(design).toBeDefined();
    await until(
      async () => {
        const res = await fetch(`${server!.url}/api/designs/by-id/${design!.id}`, {
          headers: { 'x-auth-token': token },
        });
        const body = (await res.json()) as { files: { type: string; previewUrl?: string | null }[] };
        return body.files.some((f) => f.type === 'stl' && typeof f.previewUrl === 'string');
      },
      'the preview rendered after the restart',
      30_000,
      100,
    );
    await assertConsistent();
  }, 360_000);
});

async function listDir(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}
