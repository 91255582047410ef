import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bundleServer,
  type RunningServer,
  type ServerBundle,
  startBuiltServer,
} from '../../test/built-server.ts';
import { startEmbeddedPostgres } from './embedded-server.ts';
import { readPostmasterPid } from './postmaster-pid.ts';
import { isServerOf } from './server-process.ts';

// The real server process on the embedded PostgreSQL server it manages in DATA_DIR/db: stopped
// with it, adopted after it is killed, refused to a second process, never blocked by a stale pid.
describe('the embedded PostgreSQL server', () => {
  let bundle: ServerBundle;
  let dataDir: string;
  let dbDir: string;
  const running: RunningServer[] = [];

  const start = async (env: Record<string, string> = {}) => {
    const server = await startBuiltServer(bundle, {
      DATA_DIR: dataDir,
      JWT_SECRET: 'embedded-test-secret-embedded-test-secret',
      ...env,
    });
    running.push(server);
    return server;
  };

  const serverPid = async () => {
    const file = await readPostmasterPid(dbDir);
    if (!file) throw new Error('no postmaster.pid');
    return file.pid;
  };

  const register = (server: RunningServer) =>
    fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'Keeper',
        name: 'Kept Person',
        email: 'keeper@example.com',
        password: 'teapot-lantern-9',
      }),
    });

  beforeAll(async () => {
    bundle = await bundleServer();
  }, 120_000);
  afterAll(() => bundle?.dispose());

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'printmarket-embedded-'));
    // Run as root, the database server runs as another account, which must enter the folder.
    await chmod(dataDir, 0o755);
    dbDir = path.join(dataDir, 'db');
  });
  afterEach(async () => {
    for (const server of running.splice(0)) await server.kill('SIGKILL');
    // Whatever a failed test left running in the folder is adopted and stopped.
    if (await readPostmasterPid(dbDir)) await (await startEmbeddedPostgres(dbDir, { log: () => {} })).stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops when the API stops on ${signal}`, async () => {
      const server = await start();
      const pid = await serverPid();
      expect(await isServerOf(pid, dbDir)).toBe(true);

      await server.kill(signal);
      expect(server.proc.exitCode).toBe(0);
      expect(existsSync(path.join(dbDir, 'postmaster.pid'))).toBe(false);
      expect(await isServerOf(pid, dbDir)).toBe(false);
    });
  }

  it('is adopted by the next start after the API is killed, with every committed write kept', async () => {
    const first = await start();
    expect((await register(first)).status).toBe(201);
    const pid = await serverPid();

    await first.kill('SIGKILL');
    expect(await isServerOf(pid, dbDir)).toBe(true);

    const second = await start({ LOG_LEVEL: 'info' });
    expect(second.output()).toContain(`already running in ${dbDir} (pid ${pid})`);
    const signIn = await fetch(`${second.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keeper@example.com', password: 'teapot-lantern-9' }),
    });
    expect(signIn.status).toBe(200);

    await second.kill('SIGTERM');
    expect(await isServerOf(pid, dbDir)).toBe(false);
  });

  it('refuses a second API on the same data folder with a clear message; the first keeps serving', async () => {
    const first = await start();
    await expect(start()).rejects.toThrow(
      new RegExp(
        `The database in ${dbDir} is already in use by another PrintMarket server \\(printmarket pid ${first.proc.pid}\\)`,
      ),
    );
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    expect((await register(first)).status).toBe(201);
  });

  it('is not blocked by a stale postmaster.pid that names a live process of something else', async () => {
    await (await start()).kill('SIGTERM');
    // This test's own process: alive, and not a database server (as after a container restart).
    await writeFile(
      path.join(dbDir, 'postmaster.pid'),
      `${process.pid}\n${dbDir}\n1700000000\n5432\n${dbDir}\n\n  1234567         8\nready   \n`,
    );

    const server = await start();
    expect((await register(server)).status).toBe(201);
    await server.kill('SIGTERM');
    expect(existsSync(path.join(dbDir, 'postmaster.pid'))).toBe(false);
  });
});
