import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { FileStore } from './storage/file-store.ts';

/** A check that has not answered by then counts as failed: a balancer must not wait on a hang. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * GET /api/health: the process is alive (it answers). GET /api/ready: it can serve, for a load
 * balancer: the database answers, every migration is applied, storage answers. 503 with a short
 * reason otherwise.
 */
export function registerHealth(app: FastifyInstance, deps: { db: Database; files: FileStore }) {
  app.get('/api/health', async () => ({ ok: true }));

  app.get('/api/ready', async (_request, reply) => {
    const problem = await firstProblem(deps);
    if (problem) return reply.code(503).send({ ready: false, reason: problem });
    return { ready: true };
  });
}

async function firstProblem({ db, files }: { db: Database; files: FileStore }): Promise<string | null> {
  let pending: string[];
  try {
    pending = await withinTimeout(pendingMigrations(db), 'database');
  } catch (err) {
    return `database unreachable: ${(err as Error).message}`;
  }
  if (pending.length > 0) return `migrations pending: ${pending.join(', ')}`;
  try {
    // Any key will do: a missing one answers null, an unreachable store throws.
    await withinTimeout(files.stat('ready-check'), 'storage');
  } catch (err) {
    return `storage unreachable: ${(err as Error).message}`;
  }
  return null;
}

function withinTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer in ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
