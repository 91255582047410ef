import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, realpath, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { embeddedPostgresVersion, type PostgresBinaries, postgresBinaries } from './binaries.ts';
import { type PostmasterPid, readPostmasterPid } from './postmaster-pid.ts';
import { isServerOf, waitUntil } from './server-process.ts';
import { checkReachable, handOver, type ServerUser, serverUser } from './server-user.ts';

const run = promisify(execFile);

/** A PostgreSQL server this process runs (or found running) in a data folder of its own. */
export type EmbeddedPostgres = {
  /** The app database's connection string, over the server's Unix socket. */
  url: string;
  /** True when the server was found running, left by a process that was killed. */
  adopted: boolean;
  /** Stops the server: a fast shutdown rolls back open transactions; committed ones are on disk. */
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  log: (message: string) => void;
  /** Throwaway servers (tests) skip fsync; the app's server keeps PostgreSQL's durable defaults. */
  durable?: boolean;
};

const DATABASE = 'printmarket';
const SUPERUSER = 'postgres';
/** Names the socket file only: the server listens on no TCP port, so it clashes with no other. */
const PORT = 5432;
/** A Unix socket's path may hold about 100 bytes. */
const MAX_SOCKET_PATH = 100;
/** Long enough for crash recovery on a busy machine. */
const START_TIMEOUT_SECONDS = 120;

/**
 * Starts the PostgreSQL server of `dataDir` (creating the database on first use), or adopts the one
 * already running there. A server is identified by its own `postmaster.pid`, never by a pid alone:
 * a file naming a process that is not this folder's server is stale and removed.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedOptions,
): Promise<EmbeddedPostgres> {
  const server = await serverOf(dataDir, options.log);
  const { dir, bins, socketDir } = server;

  for (let attempt = 1; ; attempt++) {
    const running = await adopt(server);
    if (running) return running;
    const durable = options.durable ?? true;
    if (!(await isDatabaseFolder(server))) await initialise(server, durable);
    await writeSettings(server, durable);
    try {
      await asServer(server, bins.pg_ctl, [
        'start',
        '--silent',
        '--wait',
        `--timeout=${START_TIMEOUT_SECONDS}`,
        `--pgdata=${dir}`,
        `--log=${path.join(dir, 'server.log')}`,
      ]);
    } catch (err) {
      // Another process may have started it at the same moment: look again once.
      if (attempt < 2) continue;
      throw new Error(`The embedded PostgreSQL server in ${dir} did not start: ${await lastLog(dir, err)}`);
    }
    await createAppDatabase(socketDir);
    options.log(`Started the embedded PostgreSQL server in ${dir}.`);
    return handle(server, socketDir, false);
  }
}

/**
 * The server running in `dataDir` (waiting for one that is starting or stopping), or undefined when
 * none is: unlike startEmbeddedPostgres, this never starts one.
 */
export async function runningEmbeddedPostgres(
  dataDir: string,
  options: Pick<EmbeddedOptions, 'log'>,
): Promise<EmbeddedPostgres | undefined> {
  return adopt(await serverOf(dataDir, options.log));
}

async function serverOf(dataDir: string, log: (message: string) => void): Promise<Server> {
  const dir = path.resolve(dataDir);
  const bins = await postgresBinaries();
  const user = await serverUser();
  await checkReachable(user, [dir, bins.postgres]);
  const socketDir = await socketFolder(dir, user);
  return { dir, bins, user, socketDir, log };
}

/** The server running in the folder, adopted; a stale postmaster.pid is removed. */
async function adopt(server: Server): Promise<EmbeddedPostgres | undefined> {
  const { dir } = server;
  for (;;) {
    const running = await readPostmasterPid(dir);
    if (!running) return undefined;
    if (await answers(running, dir)) {
      server.log(`Using the embedded PostgreSQL server already running in ${dir} (pid ${running.pid}).`);
      return handle(server, running.socketDir, true);
    }
    if (!(await isServerOf(running.pid, dir))) {
      server.log(`Removing a stale postmaster.pid in ${dir} (pid ${running.pid} is not its server).`);
      await rm(path.join(dir, 'postmaster.pid'), { force: true });
      return undefined;
    }
    // Starting, recovering or stopping: wait until it answers or is gone.
    await waitUntil(async () => (await answers(running, dir)) || !(await isServerOf(running.pid, dir)), {
      timeoutMs: START_TIMEOUT_SECONDS * 1000,
      what: `the database server in ${dir} (pid ${running.pid}) to start or stop`,
    });
  }
}

type Server = {
  dir: string;
  bins: PostgresBinaries;
  user: ServerUser;
  socketDir: string;
  log: (m: string) => void;
};

function handle(server: Server, socketDir: string, adopted: boolean): EmbeddedPostgres {
  const url = `postgresql://${SUPERUSER}@localhost:${PORT}/${DATABASE}?host=${encodeURIComponent(socketDir)}`;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= asServer(server, server.bins.pg_ctl, [
      'stop',
      '--silent',
      '--wait',
      '--mode=fast',
      `--pgdata=${server.dir}`,
    ])
      .then(() => server.log(`Stopped the embedded PostgreSQL server in ${server.dir}.`))
      .catch(async (err) => {
        // Already stopped (by an operator, say) is what stop() is for.
        if (await readPostmasterPid(server.dir)) throw err;
      });
    return stopped;
  };
  return { url, adopted, stop };
}

/** Whether the server named by the file answers on its socket, and serves this folder. */
async function answers(running: PostmasterPid, dir: string): Promise<boolean> {
  const client = new pg.Client({
    host: running.socketDir,
    port: running.port,
    user: SUPERUSER,
    database: 'postgres',
    connectionTimeoutMillis: 5000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
    return (await realpath(rows[0]?.dir ?? '').catch(() => '')) === (await realpath(dir));
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether the folder holds a database this server can open; an empty or missing one does not. */
async function isDatabaseFolder(server: Server): Promise<boolean> {
  const { dir } = server;
  const version = (await readFile(path.join(dir, 'PG_VERSION'), 'utf8').catch(() => undefined))?.trim();
  if (version === undefined) {
    const entries = await readdir(dir).catch(() => []);
    if (entries.length > 0)
      throw new Error(
        `${dir} holds files but no PostgreSQL database. Move them away, or set DATA_DIR to another folder.`,
      );
    return false;
  }
  const ours = (await embeddedPostgresVersion()).split('.')[0];
  if (version !== ours)
    throw new Error(
      `${dir} holds a PostgreSQL ${version} database; the embedded server is PostgreSQL ${ours}. ` +
        'Move the folder away to start an empty database, or set DATABASE_URL to a server that can open it.',
    );
  return true;
}

/**
 * initdb into a fresh sibling folder, then one rename: a start stopped half-way leaves no
 * half-made database, and of two processes starting at once only one database is kept.
 */
async function initialise(server: Server, durable: boolean): Promise<void> {
  const { dir, user, bins } = server;
  server.log(`Creating the embedded PostgreSQL database in ${dir}...`);
  const parent = path.dirname(dir);
  await mkdir(parent, { recursive: true });
  const building = path.join(parent, `.${path.basename(dir)}-init-${randomBytes(4).toString('hex')}`);
  await mkdir(building, { mode: 0o700 });
  await handOver(building, user);
  try {
    await asServer(server, bins.initdb, [
      `--pgdata=${building}`,
      `--username=${SUPERUSER}`,
      // Only the server's own account (and root) may open its socket (mode 0700, below).
      '--auth=trust',
      '--encoding=UTF8',
      // Collation by code point, the same on every machine; Unicode case rules for lower()/ILIKE.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--lc-messages=C',
      ...initdbSync(durable),
    ]);
    await writeFile(path.join(building, 'postgresql.conf'), "\ninclude_if_exists = 'printmarket.conf'\n", {
      flag: 'a',
    });
    // Only an empty folder gives way; one another process filled meanwhile makes the rename fail.
    await rmdir(dir).catch(() => {});
    await rename(building, dir);
  } catch (err) {
    await rm(building, { recursive: true, force: true });
    if (await isDatabaseFolder(server).catch(() => false)) return; // another process made it first
    throw err;
  }
}

/**
 * How initdb makes its files durable. It writes about a thousand small files: fsyncing each took
 * 1.7-2.5 s on a two-core machine at load 3 (6 s at load 10), one syncfs of their file system
 * 1.3-1.6 s (4 s). Throwaway servers skip it, as they skip fsync.
 */
function initdbSync(durable: boolean): string[] {
  if (!durable) return ['--no-sync'];
  return process.platform === 'linux' ? ['--sync-method=syncfs'] : [];
}

/** The app's settings, rewritten at every start so they follow the app's version. */
async function writeSettings(server: Server, durable: boolean): Promise<void> {
  const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
  const settings: Record<string, string> = {
    listen_addresses: quote(''),
    port: String(PORT),
    unix_socket_directories: quote(server.socketDir),
    unix_socket_permissions: '0700',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
  };
  const text = Object.entries(settings)
    .map(([name, value]) => `${name} = ${value}\n`)
    .join('');
  const file = path.join(server.dir, 'printmarket.conf');
  await writeFile(file, `# Written by PrintMarket at every start.\n${text}`);
  await handOver(file, server.user);
}

/** The data folder itself, or a short folder in the system's temporary folder for a long path. */
async function socketFolder(dir: string, user: ServerUser): Promise<string> {
  if (dir.length + `/.s.PGSQL.${PORT}`.length <= MAX_SOCKET_PATH) return dir;
  const short = path.join(
    tmpdir(),
    `printmarket-pg-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`,
  );
  await mkdir(short, { recursive: true, mode: 0o700 });
  await handOver(short, user);
  return short;
}

async function createAppDatabase(socketDir: string): Promise<void> {
  const client = new pg.Client({ host: socketDir, port: PORT, user: SUPERUSER, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** Runs one of the server's programs as the server's account, in its folder. */
async function asServer(server: Server, program: string, args: string[]): Promise<string> {
  const { stdout } = await run(program, args, {
    // The server's account may not enter this process's working folder.
    cwd: path.dirname(server.dir),
    env: { ...process.env, LC_ALL: 'C' },
    ...(server.user ? { uid: server.user.uid, gid: server.user.gid } : {}),
  });
  return stdout;
}

/** The end of the server's log, which says why it did not start. */
async function lastLog(dir: string, err: unknown): Promise<string> {
  const log = await readFile(path.join(dir, 'server.log'), 'utf8').catch(() => '');
  const tail = log.trim().split('\n').slice(-5).join('\n');
  return tail || ((err as { stderr?: string }).stderr ?? String(err)).trim();
}
