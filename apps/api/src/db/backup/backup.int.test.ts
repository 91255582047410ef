import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../app-database.ts';
import type { Database } from '../database.ts';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '../embedded/embedded-server.ts';
import { readPostmasterPid } from '../embedded/postmaster-pid.ts';
import { isServerOf } from '../embedded/server-process.ts';
import { makeBackup } from './make-backup.ts';
import { restoreBackup } from './restore-backup.ts';

// A physical backup of a real embedded server that keeps serving and being written to while it
// is copied, restored into other folders and started again.

/** Generous limits that only catch a hang: each restore starts and stops a server, a slow job under load. */
const SLOW = 300_000;
const log = () => {};

const configOf = (dataDir: string) => ({
  dataDir,
  dbDir: path.join(dataDir, 'db'),
  storage: { kind: 'local' as const, root: path.join(dataDir, 'files') },
  databaseUrl: undefined,
});

/**
 * Inserts users writer-1, writer-2, ... one transaction each, in order, until stopped: any
 * consistent state of the database holds writer-1 to writer-N for some N, without a gap.
 */
function startWriter(db: Database) {
  let committed = 0;
  let stopping = false;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const running = (async () => {
    while (!stopping) {
      const n = committed + 1;
      await db
        .insertInto('users')
        .values({ username: `writer-${n}`, name: `Writer ${n}`, email: `writer-${n}@example.com` })
        .execute();
      committed = n;
      for (const waiter of waiters.filter((w) => w.count <= committed)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  })();
  const ended = running.then(() => 'ended' as const);
  // A failed insert surfaces from stop(); a waiter only learns that the writer ended.
  ended.catch(() => {});
  return {
    committed: () => committed,
    /** Resolves once `count` rows are committed; fails if the writer ends first. */
    reached: async (count: number) => {
      const waiting = new Promise<'reached'>((resolve) =>
        count <= committed ? resolve('reached') : waiters.push({ count, resolve: () => resolve('reached') }),
      );
      if ((await Promise.race([waiting, ended])) === 'ended')
        throw new Error(`the writer ended at ${committed} rows, before ${count}`);
    },
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}

async function writerNumbers(db: Database): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('username')
    .where('username', 'like', 'writer-%')
    .execute();
  return rows.map((row) => Number(row.username.slice('writer-'.length))).sort((a, b) => a - b);
}

describe('npm run backup / npm run restore', () => {
  let root: string;
  let live: ReturnType<typeof configOf>;
  let api: AppDatabase;
  let backupFile: string;
  /** Writer rows committed before the backup began, and before its last step (pg_backup_stop). */
  let committedBeforeBackup = 0;
  let committedBeforeStop = 0;
  let committedInTheEnd = 0;
  const storedFile = Buffer.from('solid 3d model, kept across a restore\n');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'printmarket-backup-'));
    // Run as root, the database server runs as another account, which must enter the folder.
    await chmod(root, 0o755);
    live = configOf(path.join(root, 'live'));
    // The API's own start: the server, its claim on the database, migrations.
    api = await openAppDatabase(live, log);
    await api.db
      .insertInto('users')
      .values({ username: 'Keeper', name: 'Kept', email: 'keeper@example.com' })
      .execute();
    await mkdir(path.join(live.storage.root, 'stl'), { recursive: true });
    await writeFile(path.join(live.storage.root, 'stl', 'kept.stl'), storedFile);

    const writer = startWriter(api.db);
    await writer.reached(5);
    committedBeforeBackup = writer.committed();
    const backup = await makeBackup(live, root, {
      log,
      hooks: {
        // Rows committed while the data folder is copied, and after it, before the backup ends: the
        // latter are only in the WAL the backup copies last.
        started: () => writer.reached(writer.committed() + 3),
        copied: async () => {
          await writer.reached(writer.committed() + 3);
          committedBeforeStop = writer.committed();
        },
      },
    });
    await writer.stop();
    committedInTheEnd = writer.committed();
    backupFile = backup.file;
  }, SLOW);

  afterAll(async () => {
    await api?.close();
    // Whatever a failed test left running is stopped before its folder goes.
    for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
      if (!entry.isDirectory()) continue;
      const dbDir = path.join(root, entry.name, 'db');
      if (await readPostmasterPid(dbDir)) await (await runningEmbeddedPostgres(dbDir, { log }))?.stop();
    }
    await rm(root, { recursive: true, force: true });
  }, SLOW);

  it('writes one private archive named after the time, with a manifest', async () => {
    expect(path.basename(backupFile)).toMatch(/^printmarket-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    // Nothing of the work is left beside it.
    expect((await readdir(root)).filter((name) => name.startsWith('.'))).toEqual([]);
    const unpacked = path.join(root, 'unpacked');
    await mkdir(unpacked);
    await extract({ file: backupFile, cwd: unpacked });
    const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'printmarket-backup',
      postgresVersion: expect.stringMatching(/^18\./),
      filesIncluded: true,
      appMigrations: expect.arrayContaining(['0001_initial']),
    });
    const db = path.join(unpacked, 'db');
    expect(await readFile(path.join(db, 'backup_label'), 'utf8')).toMatch(/^START WAL LOCATION: /m);
    // The running server's files and the folders it rebuilds at start stay out.
    expect(existsSync(path.join(db, 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(db, 'server.log'))).toBe(false);
    expect(await readdir(path.join(db, 'pg_replslot'))).toEqual([]);
    expect(await readdir(path.join(db, 'pg_wal'))).toHaveLength(manifest.database.walSegments + 2); // + archive_status, summaries
    await rm(unpacked, { recursive: true });
  });

  it(
    'restores into an empty data folder: every row committed before the backup ended, consistently, and the files',
    async () => {
      const fresh = configOf(path.join(root, 'fresh'));
      await restoreBackup(fresh, backupFile, { force: false, log });
      // The restore stopped the server it recovered with.
      expect(await readPostmasterPid(fresh.dbDir)).toBeUndefined();

      const restored = await openAppDatabase(fresh, log);
      try {
        const numbers = await writerNumbers(restored.db);
        const last = numbers.at(-1) ?? 0;
        // A consistent state: writer-1 to writer-N, no gap.
        expect(numbers).toEqual(Array.from({ length: last }, (_, i) => i + 1));
        expect(committedBeforeStop).toBeGreaterThan(committedBeforeBackup);
        expect(last).toBeGreaterThanOrEqual(committedBeforeStop);
        expect(last).toBeLessThanOrEqual(committedInTheEnd);
        const keeper = await restored.db
          .selectFrom('users')
          .select('email')
          .where('username', '=', 'Keeper')
          .execute();
        expect(keeper).toEqual([{ email: 'keeper@example.com' }]);
      } finally {
        await restored.close();
      }
      expect(await readFile(path.join(fresh.storage.root, 'stl', 'kept.stl'))).toEqual(storedFile);
    },
    SLOW,
  );

  it('refuses while the API uses the data folder, even with --force; the API goes on serving', async () => {
    await expect(restoreBackup(live, backupFile, { force: true, log })).rejects.toThrow(
      new RegExp(
        `A PrintMarket server is using the database in ${live.dbDir} \\(printmarket pid ${process.pid}\\)`,
      ),
    );
    expect(await writerNumbers(api.db)).toHaveLength(committedInTheEnd);
    expect((await readdir(live.dataDir)).sort()).toEqual(['db', 'files']);
  });

  it(
    'refuses over an existing database without --force; with it, stops a server no API uses and moves the data aside',
    async () => {
      const again = configOf(path.join(root, 'again'));
      await restoreBackup(again, backupFile, { force: false, log });
      const changed = await openAppDatabase(again, log);
      await changed.db
        .insertInto('users')
        .values({ username: 'Later', name: 'Later', email: 'later@example.com' })
        .execute();
      await changed.close();
      // As after an API was killed: its server runs on, and no one holds the claim.
      await startEmbeddedPostgres(again.dbDir, { log });
      const leftRunning = (await readPostmasterPid(again.dbDir))!.pid;

      await expect(restoreBackup(again, backupFile, { force: false, log })).rejects.toThrow(
        `${again.dbDir} and ${again.storage.root} already hold data. Restore with --force`,
      );
      const { movedAside } = await restoreBackup(again, backupFile, { force: true, log });
      expect(movedAside.map((folder) => path.basename(folder))).toEqual([
        expect.stringMatching(/^db\.before-restore-\d{8}T\d{6}Z$/),
        expect.stringMatching(/^files\.before-restore-\d{8}T\d{6}Z$/),
      ]);
      expect(await readFile(path.join(movedAside[1]!, 'stl', 'kept.stl'))).toEqual(storedFile);
      expect(await isServerOf(leftRunning, movedAside[0]!)).toBe(false);
      expect(await isServerOf(leftRunning, again.dbDir)).toBe(false);
      const restored = await openAppDatabase(again, log);
      try {
        const later = await restored.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'Later')
          .execute();
        expect(later).toEqual([]);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );

  it(
    'backs up a database whose server is stopped by starting it for the backup, and stops it after',
    async () => {
      const stopped = configOf(path.join(root, 'fresh'));
      expect(await readPostmasterPid(stopped.dbDir)).toBeUndefined();
      const output = path.join(root, 'of-stopped.tar.gz');
      const { file, manifest } = await makeBackup(stopped, output, { log });
      expect(file).toBe(output);
      expect(manifest.filesIncluded).toBe(true);
      expect(await readPostmasterPid(stopped.dbDir)).toBeUndefined();
      await expect(makeBackup(stopped, output, { log })).rejects.toThrow(`${output} already exists`);
    },
    SLOW,
  );

  it(
    'refuses a missing, damaged or foreign file, or one this installation cannot open, and changes nothing',
    async () => {
      const target = configOf(path.join(root, 'untouched'));
      const refusal = (file: string) => restoreBackup(target, file, { force: false, log });

      await expect(refusal(path.join(root, 'no-such.tar.gz'))).rejects.toThrow(
        /no-such\.tar\.gz does not exist/,
      );

      const truncated = path.join(root, 'truncated.tar.gz');
      await writeFile(truncated, await readFile(backupFile));
      await truncate(truncated, Math.floor((await stat(backupFile)).size / 2));
      await expect(refusal(truncated)).rejects.toThrow(
        /truncated\.tar\.gz is damaged or is not a PrintMarket backup/,
      );

      const foreign = path.join(root, 'notes.txt');
      await writeFile(foreign, 'not an archive at all\n'.repeat(100));
      await expect(refusal(foreign)).rejects.toThrow(/notes\.txt is damaged or is not a PrintMarket backup/);

      const repacked = async (name: string, change: (manifest: Record<string, unknown>) => void) => {
        const folder = path.join(root, `${name}-unpacked`);
        await mkdir(folder);
        await extract({ file: backupFile, cwd: folder });
        const manifestFile = path.join(folder, 'manifest.json');
        const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
        change(manifest);
        await writeFile(manifestFile, JSON.stringify(manifest));
        const file = path.join(root, `${name}.tar.gz`);
        await create({ gzip: true, file, cwd: folder }, ['manifest.json', 'db', 'files']);
        await rm(folder, { recursive: true });
        return file;
      };
      const olderServer = await repacked('pg17', (manifest) => {
        manifest.postgresVersion = '17.6';
      });
      await expect(refusal(olderServer)).rejects.toThrow(
        /pg17\.tar\.gz holds a PostgreSQL 17\.6 database; the embedded server here is PostgreSQL 18\.\d+/,
      );
      const newerApp = await repacked('newer-app', (manifest) => {
        manifest.appMigrations = [...(manifest.appMigrations as string[]), '9999_from_the_future'];
      });
      await expect(refusal(newerApp)).rejects.toThrow(
        /newer-app\.tar\.gz was made by a newer version of PrintMarket: .*\(9999_from_the_future\)/,
      );

      // Nothing was unpacked into the data folder, or left there.
      expect(await readdir(target.dataDir)).toEqual([]);
    },
    SLOW,
  );

  it('with DATABASE_URL set, backup and restore refuse and name that server’s own tools', async () => {
    const external = { ...live, databaseUrl: 'postgres://somewhere/printmarket' };
    await expect(makeBackup(external, root, { log })).rejects.toThrow(/DATABASE_URL is set.*pg_dump/);
    await expect(restoreBackup(external, backupFile, { force: true, log })).rejects.toThrow(
      /DATABASE_URL is set.*pg_restore/,
    );
  });
});
