import { CompiledQuery, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** pg-boss's tables live in their own schema, beside the app's. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * pg-boss runs its statements on the app's own connection pool: one pool to size and close, and
 * the queue works wherever the app's database is (a given DATABASE_URL or the embedded server's
 * Unix socket) without a second connection string.
 *
 * pg-boss reports a finished job without waiting for the report, so its `stop` can return while
 * that statement is still to come. `close` waits for the statements under way and turns later
 * ones into no-ops, so none reaches a pool the app has ended: a job whose end went unreported stays
 * claimed until its claim expires, and is then worked again, as after a crash.
 */
export class JobsConnection {
  readonly #running = new Set<Promise<unknown>>();
  #closed = false;

  constructor(private readonly db: Database) {}

  async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
    // No result at all: pg-boss reads it as nothing fetched and nothing changed (an empty row list
    // would be read as a malformed answer to its update commands).
    if (this.#closed) return null as unknown as { rows: unknown[] };
    const query = this.db.executeQuery(CompiledQuery.raw(text, values));
    this.#running.add(query);
    try {
      return { rows: (await query).rows as unknown[] };
    } finally {
      this.#running.delete(query);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.allSettled([...this.#running]);
  }
}

export type QueueCounts = { queue: string; queued: number; active: number; failed: number };
export type JobFailure = { queue: string; id: string; failedAt: Date; retries: number; error: string };

/** What `npm run jobs` shows: counts per queue and the latest failures. */
export class JobsRepo {
  constructor(private readonly db: Database) {}

  /** Whether pg-boss's tables exist (an API has started on this database). */
  async installed(): Promise<boolean> {
    const { rows } = await sql<{ found: boolean }>`
      select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as found`.execute(this.db);
    return rows[0]?.found ?? false;
  }

  async counts(): Promise<QueueCounts[]> {
    const { rows } = await sql<QueueCounts>`
      select q.name as queue,
        count(j.id) filter (where j.state in ('created', 'retry'))::int as queued,
        count(j.id) filter (where j.state = 'active')::int as active,
        count(j.id) filter (where j.state = 'failed')::int as failed
      from ${sql.table(`${JOBS_SCHEMA}.queue`)} q
      left join ${sql.table(`${JOBS_SCHEMA}.job`)} j on j.name = q.name
      -- pg-boss's own queue of cron ticks, not ours.
      where left(q.name, 10) <> '__pgboss__'
      group by q.name
      order by q.name`.execute(this.db);
    return rows;
  }

  async lastFailures(limit = 10): Promise<JobFailure[]> {
    const { rows } = await sql<{
      queue: string;
      id: string;
      failed_at: Date;
      retries: number;
      output: unknown;
    }>`
      select name as queue, id, completed_on as failed_at, retry_count as retries, output
      from ${sql.table(`${JOBS_SCHEMA}.job`)}
      where state = 'failed'
      order by completed_on desc
      limit ${limit}`.execute(this.db);
    return rows.map((r) => ({
      queue: r.queue,
      id: r.id,
      failedAt: r.failed_at,
      retries: r.retries,
      error: errorText(r.output),
    }));
  }

  /** The queue's jobs by state ('created', 'active', 'completed', 'failed'...). */
  async byState(queue: string): Promise<Record<string, number>> {
    const { rows } = await sql<{ state: string; n: number }>`
      select state, count(*)::int as n from ${sql.table(`${JOBS_SCHEMA}.job`)}
      where name = ${queue} group by state`.execute(this.db);
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  }

  /** Jobs of the queue not yet finished: queued, waiting for a retry, or being worked. */
  async unfinished(queue: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(`${JOBS_SCHEMA}.job`)}
      where name = ${queue} and state in ('created', 'retry', 'active')`.execute(this.db);
    return rows[0]?.n ?? 0;
  }
}

/** pg-boss stores a handler's thrown error as its serialized object. */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String(output.message);
  return JSON.stringify(output ?? null);
}
