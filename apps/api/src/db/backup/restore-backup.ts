import { existsSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { openAppDatabase } from '../app-database.ts';
import { embeddedPostgresVersion } from '../embedded/binaries.ts';
import { runningEmbeddedPostgres } from '../embedded/embedded-server.ts';
import { databaseClaimant } from '../embedded/instance-lock.ts';
import { readPostmasterPid } from '../embedded/postmaster-pid.ts';
import { handOver, serverUser } from '../embedded/server-user.ts';
import { migrations } from '../migrations/index.ts';
import { extractArchive, readArchiveEntry } from './archive.ts';
import {
  type BackupManifest,
  DB_FOLDER,
  FILES_FOLDER,
  MANIFEST_FILE,
  majorVersion,
  parseManifest,
} from './manifest.ts';
import { timestamp } from './timestamp.ts';

export type RestoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'dbDir' | 'storage'>;

export type RestoreOptions = { force: boolean; log: (message: string) => void };

/**
 * Restores a backup of `makeBackup` into the data folder: refuses while an API uses it, and where
 * a database (or files folder) is already present unless `force`, which moves them aside rather
 * than deleting them. The database is then started once, so it recovers to the backup's
 * consistent point and is migrated as a start would, and stopped.
 */
export async function restoreBackup(
  config: RestoreConfig,
  file: string,
  { force, log }: RestoreOptions,
): Promise<{ manifest: BackupManifest; movedAside: string[] }> {
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set, so the app does not use the embedded database this command restores. ' +
        'Unset it to restore into DATA_DIR, or restore that server with its own tools (pg_restore).',
    );
  if (!existsSync(file)) throw new Error(`${file} does not exist.`);
  if (!statSync(file).isFile()) throw new Error(`${file} is not a file.`);
  const filesRoot = config.storage.kind === 'local' ? config.storage.root : undefined;
  await stopIdleServer(config.dbDir, force, log);
  const present = [];
  for (const folder of [config.dbDir, filesRoot])
    if (folder && (await holdsSomething(folder))) present.push(folder);
  if (present.length > 0 && !force)
    throw new Error(
      `${present.join(' and ')} already hold${present.length === 1 ? 's' : ''} data. ` +
        'Restore with --force to move it aside (nothing is deleted), or set DATA_DIR to another folder.',
    );

  await mkdir(config.dataDir, { recursive: true });
  // In the data folder, so what is unpacked moves into place with a rename.
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    log(`Checking ${file}...`);
    const manifest = await readManifest(file);
    await checkCompatible(manifest, file);
    log(`Unpacking ${file}...`);
    await extractArchive(file, staging, [MANIFEST_FILE, DB_FOLDER, FILES_FOLDER]);
    await checkComplete(manifest, staging, file);
    const restoredDb = path.join(staging, DB_FOLDER);
    // PostgreSQL opens only a data folder its own account owns and no one else may enter.
    await chmod(restoredDb, 0o700);
    await handOver(restoredDb, await serverUser());

    const stamp = timestamp(new Date());
    const restoreFiles = manifest.filesIncluded && filesRoot !== undefined;
    const replaced = [config.dbDir, ...(restoreFiles ? [filesRoot] : [])];
    const movedAside: string[] = [];
    for (const folder of replaced) {
      if (!(await holdsSomething(folder))) {
        await removeEmptyFolder(folder);
        continue;
      }
      const aside = `${folder}.before-restore-${stamp}`;
      await rename(folder, aside);
      movedAside.push(aside);
      log(`Moved ${folder} aside to ${aside}.`);
    }
    await rename(restoredDb, config.dbDir);
    if (restoreFiles) await rename(path.join(staging, FILES_FOLDER), filesRoot);
    else if (manifest.filesIncluded)
      log('The backup holds local files, but files are kept in S3 here: they were not restored.');

    log('Starting the restored database; it recovers to the moment the backup ended...');
    try {
      // The same start as the API's: recovery, the claim, migrations; then a clean stop.
      const database = await openAppDatabase({ dbDir: config.dbDir }, log);
      await database.close();
    } catch (err) {
      const undo = movedAside.length > 0 ? ` What was there before is in ${movedAside.join(' and ')}.` : '';
      throw new Error(`The restored database did not start: ${(err as Error).message}${undo}`);
    }
    return { manifest, movedAside };
  } finally {
    // Retries: a failed unpack may still be finishing writes it had begun.
    await rm(staging, { recursive: true, force: true, maxRetries: 5 });
  }
}

/**
 * A server running in the folder is stopped when no API uses it (one left behind by an API that
 * was killed) and `force` allows replacing its database; while an API uses it, restore refuses.
 */
async function stopIdleServer(dbDir: string, force: boolean, log: (m: string) => void): Promise<void> {
  if (!(await readPostmasterPid(dbDir))) return;
  const server = await runningEmbeddedPostgres(dbDir, { log });
  if (!server) return;
  const claimant = await databaseClaimant(server.url);
  if (claimant)
    throw new Error(
      `A PrintMarket server is using the database in ${dbDir} (${claimant}). Stop it, then restore.`,
    );
  if (!force) return; // the folder holds a database: refused below
  try {
    await server.stop();
  } catch (err) {
    throw new Error(
      `The database server running in ${dbDir} could not be stopped (${(err as Error).message}). Stop it, then restore.`,
    );
  }
}

async function holdsSomething(folder: string): Promise<boolean> {
  return (await readdir(folder).catch(() => [])).length > 0;
}

/** Removes an empty folder; no folder is fine, anything else (a file of that name) fails. */
async function removeEmptyFolder(folder: string): Promise<void> {
  await rmdir(folder).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

async function readManifest(file: string): Promise<BackupManifest> {
  const text = await readArchiveEntry(file, MANIFEST_FILE);
  if (text === undefined)
    throw new Error(`${file} is not a PrintMarket backup (it has no ${MANIFEST_FILE}).`);
  return parseManifest(text, file);
}

/** The embedded server here must be able to open the data folder, and this app must know its schema. */
async function checkCompatible(manifest: BackupManifest, file: string): Promise<void> {
  const ours = await embeddedPostgresVersion();
  if (majorVersion(manifest.postgresVersion) !== majorVersion(ours))
    throw new Error(
      `${file} holds a PostgreSQL ${manifest.postgresVersion} database; the embedded server here is PostgreSQL ${ours}, ` +
        `which cannot open another major version's files. Restore it with a PrintMarket version whose embedded server is ` +
        `PostgreSQL ${majorVersion(manifest.postgresVersion)}.`,
    );
  const unknown = manifest.appMigrations.filter((name) => !(name in migrations));
  if (unknown.length > 0)
    throw new Error(
      `${file} was made by a newer version of PrintMarket: its database has migrations this version does not know ` +
        `(${unknown.join(', ')}). Restore it with that version or a later one.`,
    );
}

/** The unpacked data folder is the one the manifest describes, with the label recovery starts from. */
async function checkComplete(manifest: BackupManifest, staging: string, file: string): Promise<void> {
  const db = path.join(staging, DB_FOLDER);
  const version = await readFile(path.join(db, 'PG_VERSION'), 'utf8').catch(() => '');
  if (
    version.trim() !== String(majorVersion(manifest.postgresVersion)) ||
    !existsSync(path.join(db, 'backup_label'))
  )
    throw new Error(`${file} is damaged: its database folder is incomplete.`);
}
