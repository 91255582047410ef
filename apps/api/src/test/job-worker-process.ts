import { openDatabase } from '../db/database.ts';
import { JobQueue } from '../lib/jobs/job-queue.ts';

/**
 * A separate API-like process for the job queue's crash test: it works one queue, says on stdout
 * which job it claimed, and then never finishes it, so the test can kill it while it holds the claim.
 * Arguments: database URL, queue name, claim seconds.
 */
const [url, queue, claimSeconds] = process.argv.slice(2);
const db = await openDatabase(url!, { poolSize: 2 });
const jobs = new JobQueue(
  db,
  { claimSeconds: Number(claimSeconds), maintenanceSeconds: 1, pollSeconds: 0.5 },
  (err) => console.error(err),
);
await jobs.work<{ n: number }>(
  queue!,
  { policy: 'standard', retryLimit: 2, retryDelay: 1, retryBackoff: false },
  async (data) => {
    process.stdout.write(`claimed ${data.n}\n`);
    await new Promise(() => {});
  },
);
await jobs.start();
process.stdout.write('ready\n');
