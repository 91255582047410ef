import pg from 'pg';
import { waitUntil } from './server-process.ts';

/** One key for "an API serves this database"; any fixed number no other code uses. */
const INSTANCE_LOCK = 7_401_226_311;
/** A killed holder's connection ends within moments; its lock goes with it. */
const HANDOVER_MS = 5000;

export class DatabaseInUseError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `The database in ${dataDir} is already in use by another PrintMarket server (${holder}). ` +
        'Stop that server first, or set DATA_DIR to another folder.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * The embedded database serves one API process at a time. The claim is a session advisory lock
 * held on a connection of its own: the server drops it the moment that connection ends, however
 * the process ended, so nothing is ever left to clean up and no pid is ever trusted.
 */
export async function claimDatabase(url: string, dataDir: string): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: `printmarket pid ${process.pid}` });
  // Losing the server mid-run surfaces on the app's own queries; here it must not end the process.
  client.on('error', () => {});
  await client.connect();
  const tryLock = async () =>
    (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [INSTANCE_LOCK])).rows[0]
      ?.ok === true;
  try {
    await waitUntil(tryLock, { timeoutMs: HANDOVER_MS, what: 'the database lock' });
  } catch {
    const holder = await lockHolder(client);
    await client.end();
    throw new DatabaseInUseError(dataDir, holder ?? 'a running process');
  }
  return { release: () => client.end() };
}

/**
 * The API process that holds the claim on the database at `url` ("printmarket pid N"), or
 * undefined when none does. Reads the server's lock table; takes no lock itself.
 */
export async function databaseClaimant(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return await lockHolder(client);
  } finally {
    await client.end();
  }
}

async function lockHolder(client: pg.Client): Promise<string | undefined> {
  const { rows } = await client.query<{ name: string }>(
    `select a.application_name as name from pg_locks l left join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.granted and l.objid = ($1::bigint & 4294967295)
        and l.classid = ($1::bigint >> 32) and l.database = (select oid from pg_database where datname = current_database())`,
    [INSTANCE_LOCK],
  );
  const row = rows[0];
  if (!row) return undefined;
  return row.name || 'a running process';
}
