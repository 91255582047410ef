import { setTimeout as wait } from 'node:timers/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { registerGauge } from '../metrics.ts';
import { JOBS_SCHEMA, JobsConnection, JobsRepo, type QueueCounts } from './jobs-repo.ts';

/** PostgreSQL's error code for a transaction it ended to break a deadlock. */
const DEADLOCK = '40P01';

export type JobQueueOptions = {
  /**
   * How long a worker's claim on a job lasts. A job still active after this (its process was
   * killed, or it hangs) is given to another worker as a retry; a job must finish within it.
   */
  claimSeconds: number;
  /** How often expired claims are looked for (by one instance at a time). */
  maintenanceSeconds: number;
  /** How often an idle worker looks for work queued by other instances. */
  pollSeconds: number;
};

export type QueueDefinition = {
  /**
   * `stately`: at most one job queued and one active per singleton key (one render per design);
   * `singleton`: one active at a time across every instance (the scheduled sweeps).
   */
  policy: 'standard' | 'stately' | 'singleton';
  retryLimit: number;
  /** Seconds before the first retry; doubled each time when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
};

export type JobHandler<T> = (data: T) => Promise<void>;

type Worker = { name: string; definition: QueueDefinition; handler: JobHandler<never> };
type Schedule = { name: string; cron: string };

/**
 * Background work kept in PostgreSQL (pg-boss): a job survives a restart or a crash, is claimed by
 * exactly one instance, and is retried with backoff when it throws. Queues, workers and schedules
 * are declared before `start` (the app's ready hook); `stop` waits for the jobs in hand, so it must
 * run before the database pool is closed.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #connection: JobsConnection;
  readonly #repo: JobsRepo;
  readonly #workers: Worker[] = [];
  readonly #schedules: Schedule[] = [];
  readonly #workerIds = new Map<string, string>();
  #started: Promise<void> | null = null;
  #stopped = false;

  constructor(
    db: Database,
    private readonly options: JobQueueOptions,
    onError: (err: unknown) => void,
  ) {
    this.#repo = new JobsRepo(db);
    this.#connection = new JobsConnection(db);
    this.#boss = new PgBoss({
      db: this.#connection,
      schema: JOBS_SCHEMA,
      maintenanceIntervalSeconds: options.maintenanceSeconds,
    });
    this.#boss.on('error', onError);
    registerQueueGauges(async () => {
      if (!this.#started || this.#stopped) return [];
      await this.#started; // pg-boss's tables exist from here on
      return this.#repo.counts();
    });
  }

  /**
   * Declares a queue and the handler that works its jobs on this instance (one job at a time).
   * Declared after `start`, it is created and worked at once.
   */
  work<T>(name: string, definition: QueueDefinition, handler: JobHandler<T>): Promise<void> {
    const worker = { name, definition, handler: handler as JobHandler<never> };
    this.#workers.push(worker);
    if (!this.#started) return Promise.resolve();
    return this.#started.then(() => this.#createQueue(worker)).then(() => this.#startWorker(worker));
  }

  /** Sends a job to the queue at every match of the cron expression (one job for all instances). */
  schedule(name: string, cron: string): void {
    this.#schedules.push({ name, cron });
  }

  /** Installs or updates pg-boss's tables, creates the queues, starts the workers. */
  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start() {
    // Workers declared from here on are started by `work` itself.
    const workers = [...this.#workers];
    await this.#boss.start();
    for (const worker of workers) await this.#createQueue(worker);
    for (const { name, cron } of this.#schedules) await this.#boss.schedule(name, cron);
    for (const worker of workers) await this.#startWorker(worker);
  }

  async #createQueue({ name, definition }: Worker) {
    // An existing queue (another instance's, a previous run's) is left as it is. Instances starting
    // together may create queues at the same moment; PostgreSQL then ends one of them as a
    // deadlock (attaching each queue's partition locks the job table), and that one tries again.
    for (let attempt = 1; ; attempt++) {
      if (await this.#boss.getQueue(name)) return;
      try {
        await this.#boss.createQueue(name, {
          name,
          ...definition,
          expireInSeconds: this.options.claimSeconds,
        });
        return;
      } catch (err) {
        if (attempt >= 5 || (err as { code?: string }).code !== DEADLOCK) throw err;
      }
    }
  }

  async #startWorker({ name, handler }: Worker) {
    const id = await this.#boss.work<unknown>(
      name,
      { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1 },
      async ([job]) => {
        // A job fetched while the queue stops is handed back (as a failed try) for a later run.
        if (this.#stopped) throw new Error('the job queue stopped before this job began');
        if (job) await handler(job.data as never);
      },
    );
    this.#workerIds.set(name, id);
  }

  /**
   * Queues a job. A `singletonKey` makes it one job per key (per the queue's policy); a higher
   * `priority` is worked first; `startAfter` holds it back until then. Given `within` (an open
   * transaction), the job is written in that transaction: it exists only if the transaction
   * commits, and `wake` tells the worker once it has. Undefined when the policy turned it away as a
   * duplicate.
   */
  async send(
    name: string,
    data: object | null,
    options: { singletonKey?: string; priority?: number; startAfter?: Date; within?: Kysely<DB> } = {},
  ): Promise<string | undefined> {
    if (this.#stopped) return undefined;
    await this.start();
    const { within, ...sendOptions } = options;
    const id = await this.#boss.send(name, data ?? {}, {
      ...sendOptions,
      ...(within ? { db: transactionConnection(within) } : {}),
    });
    if (!within) this.wake(name);
    return id ?? undefined;
  }

  /** Has this instance's worker of `name` look for jobs now rather than at its next poll. */
  wake(name: string): void {
    const workerId = this.#workerIds.get(name);
    if (workerId) this.#boss.notifyWorker(workerId);
  }

  /** Resolves when the queue has nothing queued, waiting for a retry, or being worked (tests). */
  async idle(name: string): Promise<void> {
    await this.start();
    while ((await this.#repo.unfinished(name)) > 0) await wait(25);
  }

  /** Takes no more jobs and waits for those in hand (a render ends when its pool closes). */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#started) {
      await this.#started.catch(() => {});
      await this.#boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
    }
    await this.#connection.close();
  }
}

/**
 * Prometheus gauges of every queue's jobs, read from PostgreSQL at each scrape: the same figures
 * on every instance, since the queue is shared. A scrape collects the three gauges together; they
 * share one read.
 */
function registerQueueGauges(readCounts: () => Promise<QueueCounts[]>) {
  let reading: Promise<QueueCounts[]> | null = null;
  const read = () => {
    reading ??= readCounts().finally(() => {
      reading = null;
    });
    return reading;
  };
  const gauges: [string, string, keyof Omit<QueueCounts, 'queue'>][] = [
    ['jobs_queued', 'Background jobs waiting to run or for a retry, by queue', 'queued'],
    ['jobs_active', 'Background jobs being worked, by queue', 'active'],
    ['jobs_failed', 'Background jobs that failed for good and are still kept, by queue', 'failed'],
  ];
  for (const [name, help, field] of gauges)
    registerGauge(name, help, ['queue'], async () =>
      (await read()).map((counts) => ({ labels: { queue: counts.queue }, value: counts[field] })),
    );
}

/** pg-boss's statements, run on a transaction of the app's instead of its own pool. */
function transactionConnection(trx: Kysely<DB>) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => ({
      rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[],
    }),
  };
}
