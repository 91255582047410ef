import { existsSync } from 'node:fs';
import { loadConfig } from '../../config.ts';
import { exitWith } from '../../db/backup/invocation.ts';
import { openDatabase } from '../../db/database.ts';
import { startEmbeddedPostgres } from '../../db/embedded/embedded-server.ts';
import { formatJobs, listJobs } from './list-jobs.ts';

/**
 * `npm run jobs`: per queue the jobs queued, active and failed, and the last failures with their
 * error, from DATABASE_URL's server or the embedded one (used while the API runs; started for the
 * look and stopped again when it was not running).
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(config.dbDir))
    throw new Error(`There is no embedded database in ${config.dbDir}, and DATABASE_URL is not set.`);
  const server = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.dbDir, { log: (message) => console.log(message) });
  try {
    const db = await openDatabase(config.databaseUrl ?? server!.url, { poolSize: 1 });
    try {
      console.log(formatJobs(await listJobs(db)));
    } finally {
      await db.destroy();
    }
  } finally {
    if (server && !server.adopted) await server.stop();
  }
}

main().catch(exitWith);
