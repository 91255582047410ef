import type { Database } from '../../db/database.ts';
import { type JobFailure, JobsRepo, type QueueCounts } from './jobs-repo.ts';

export type JobsListing = { counts: QueueCounts[]; failures: JobFailure[] };

/** Per queue its queued, active and failed jobs, and the latest failures with their error. */
export async function listJobs(db: Database, failures = 10): Promise<JobsListing> {
  const repo = new JobsRepo(db);
  if (!(await repo.installed())) return { counts: [], failures: [] };
  return { counts: await repo.counts(), failures: await repo.lastFailures(failures) };
}

/** The listing as `npm run jobs` prints it. */
export function formatJobs({ counts, failures }: JobsListing): string {
  if (counts.length === 0) return 'No job queues yet: the API has not started on this database.';
  const width = Math.max(5, ...counts.map((c) => c.queue.length));
  const lines = [
    `${'queue'.padEnd(width)}  queued  active  failed`,
    ...counts.map(
      (c) =>
        `${c.queue.padEnd(width)}  ${String(c.queued).padStart(6)}  ${String(c.active).padStart(6)}  ${String(c.failed).padStart(6)}`,
    ),
  ];
  if (failures.length > 0) {
    lines.push('', 'Last failures:');
    for (const f of failures) {
      lines.push(
        `  ${f.failedAt.toISOString()}  ${f.queue}  ${f.id}  after ${f.retries} retries: ${f.error}`,
      );
    }
  }
  return lines.join('\n');
}
