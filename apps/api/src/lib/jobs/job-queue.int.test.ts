import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { JobQueue, type QueueDefinition } from './job-queue.ts';
import { JobsRepo } from './jobs-repo.ts';
import { listJobs } from './list-jobs.ts';

const quick = { claimSeconds: 30, maintenanceSeconds: 1, pollSeconds: 0.5 };
const runOnce: QueueDefinition = { policy: 'standard', retryLimit: 0, retryDelay: 1, retryBackoff: false };

/** Resolves when `check` holds (looked at every 20 ms: the conditions are rows another instance writes). */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await wait(20);
}

describe('the job queue', () => {
  let db: Database;
  let url: string;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];
  const queue = (options = quick) => {
    const q = new JobQueue(db, options, () => {});
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    ({ db, url, drop } = await createTestDatabase());
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
  });
  afterAll(async () => {
    await drop();
  });

  it('gives a job sent by one instance to another', async () => {
    const sender = queue();
    const worker = queue();
    const seen: number[] = [];
    await sender.start();
    await worker.start();
    await worker.work<{ n: number }>('handover', runOnce, async ({ n }) => {
      seen.push(n);
    });
    // The sender has no worker of this queue: only the other instance can take it.
    await sender.send('handover', { n: 7 });
    await sender.idle('handover');
    expect(seen).toEqual([7]);
  });

  it('works each of many jobs exactly once between two instances', async () => {
    const a = queue();
    const b = queue();
    const byInstance = { a: [] as number[], b: [] as number[] };
    await a.work<{ n: number }>('shared', runOnce, async ({ n }) => {
      byInstance.a.push(n);
    });
    await b.work<{ n: number }>('shared', runOnce, async ({ n }) => {
      byInstance.b.push(n);
    });
    await Promise.all([a.start(), b.start()]);
    const N = 40;
    for (let n = 0; n < N; n++) await (n % 2 ? a : b).send('shared', { n });
    await a.idle('shared');
    const all = [...byInstance.a, ...byInstance.b].sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: N }, (_, n) => n));
    expect(await new JobsRepo(db).byState('shared')).toEqual({ completed: N });
  });

  it('retries a failing job with growing delays, then keeps it as failed for `npm run jobs`', async () => {
    const q = queue();
    const attempts: number[] = [];
    await q.work(
      'flaky',
      { policy: 'standard', retryLimit: 2, retryDelay: 1, retryBackoff: true },
      async () => {
        attempts.push(Date.now());
        throw new Error(`storage unreachable (attempt ${attempts.length})`);
      },
    );
    await q.start();
    await q.send('flaky', { n: 1 });
    await q.idle('flaky');
    expect(attempts).toHaveLength(3);
    // Backoff: the second wait is longer than the first.
    const [first, second, third] = attempts as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(1000);
    expect(third - second).toBeGreaterThan(second - first);

    const listing = await listJobs(db);
    expect(listing.counts.find((c) => c.queue === 'flaky')).toEqual({
      queue: 'flaky',
      queued: 0,
      active: 0,
      failed: 1,
    });
    expect(listing.failures).toEqual([
      expect.objectContaining({ queue: 'flaky', retries: 2, error: 'storage unreachable (attempt 3)' }),
    ]);
  });

  it('gives the job of a killed process to another instance once its claim expires', {
    timeout: 60_000,
  }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'job-worker-'));
    const file = path.join(dir, 'job-worker.mjs');
    try {
      await build({
        entryPoints: [fileURLToPath(new URL('../../test/job-worker-process.ts', import.meta.url))],
        outfile: file,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
        external: ['pg-native'],
        banner: {
          js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
        },
      });
      const claimSeconds = 2;
      const child = spawn(process.execPath, [file, url, 'crashing', String(claimSeconds)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (text: string) => {
        output += text;
      });
      const exited = once(child, 'exit');
      await until(() => output.includes('ready') || child.exitCode !== null);
      expect(output).toContain('ready');

      const survivor = queue({ ...quick, claimSeconds });
      await survivor.start();
      await survivor.send('crashing', { n: 42 });
      await until(() => output.includes('claimed 42'));
      child.kill('SIGKILL');
      await exited;

      const seen: number[] = [];
      await survivor.work<{ n: number }>(
        'crashing',
        { policy: 'standard', retryLimit: 2, retryDelay: 1, retryBackoff: false },
        async ({ n }) => {
          seen.push(n);
        },
      );
      await survivor.idle('crashing');
      expect(seen).toEqual([42]);
      expect(await new JobsRepo(db).byState('crashing')).toEqual({ completed: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs the purges and the leftovers sweep as jobs once it is ready', async () => {
    await t.app.ready();
    const repo = new JobsRepo(t.db);
    for (const name of ['upload_leftovers_sweep', 'expired_sessions_purge']) {
      await until(async () => (await repo.byState(name)).completed === 1);
    }
    const counts = (await listJobs(t.db)).counts.map((c) => c.queue);
    // Ours only, by name: pg-boss's internal queue of cron ticks is left out.
    expect(counts).toEqual([
      'email_change_mail',
      'email_confirmation_mail',
      'expired_sessions_purge',
      'follower_mail',
      'medium_image_backfill',
      'notification_mail',
      'password_reset_mail',
      'stl_preview',
      'subscription_ending_notices',
      'subscription_provider_cancel',
      'upload_leftovers_sweep',
      'view_log_purge',
    ]);
  });
});
