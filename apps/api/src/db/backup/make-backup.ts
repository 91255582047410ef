import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../embedded/embedded-server.ts';
import { databaseClaimant } from '../embedded/instance-lock.ts';
import { writeArchive } from './archive.ts';
import { type BaseBackupHooks, takeBaseBackup } from './base-backup.ts';
import { copyLiveFolder } from './copy-live-folder.ts';
import { type BackupManifest, DB_FOLDER, FILES_FOLDER, MANIFEST_FILE, newManifest } from './manifest.ts';
import { timestamp } from './timestamp.ts';

export type BackupConfig = Pick<Config, 'databaseUrl' | 'dbDir' | 'storage'>;

export type BackupOptions = { log: (message: string) => void; hooks?: BaseBackupHooks };

/**
 * Backs up the embedded database (online, while an API may be using it) and the local files folder
 * into one archive: `target` itself, or a file named after the time in the folder `target`.
 * Without a server running in the data folder, one is started for the backup and stopped after.
 */
export async function makeBackup(
  config: BackupConfig,
  target: string,
  { log, hooks }: BackupOptions,
): Promise<{ file: string; manifest: BackupManifest }> {
  if (config.databaseUrl)
    throw new Error(
      'DATABASE_URL is set, so the data is on that PostgreSQL server, not in the embedded database this ' +
        "command backs up. Back that server up with its own tools (pg_dump, or your provider's backups)" +
        (config.storage.kind === 'local'
          ? `, and copy the files folder (${config.storage.root}) beside it.`
          : ', and the S3 bucket with its own (versioning or replication).'),
    );
  if (!existsSync(path.join(config.dbDir, 'PG_VERSION')))
    throw new Error(`There is no embedded database in ${config.dbDir} to back up.`);
  const createdAt = new Date();
  const file = outputFile(target, createdAt);
  // Beside the archive, so the space it needs is taken where the archive goes.
  const staging = await mkdtemp(path.join(path.dirname(file), '.printmarket-backup-'));
  try {
    const server = await startEmbeddedPostgres(config.dbDir, { log });
    let base: Awaited<ReturnType<typeof takeBaseBackup>>;
    try {
      log(`Copying the database in ${config.dbDir}...`);
      base = await takeBaseBackup(server.url, config.dbDir, path.join(staging, DB_FOLDER), {
        label: `printmarket backup ${createdAt.toISOString()}`,
        hooks,
      });
    } finally {
      if (!server.adopted) await stopUnlessClaimed(server, config.dbDir, log);
    }
    const megabytes = (base.copied.bytes / 1024 / 1024).toFixed(1);
    log(`Copied ${base.copied.files} files (${megabytes} MB) and ${base.walSegments.length} WAL segments.`);
    // After the database: every file a row of the backup names was stored before that row
    // committed, so it is here unless it was deleted since.
    const filesRoot = config.storage.kind === 'local' ? config.storage.root : undefined;
    if (filesRoot) {
      log(`Copying the files in ${filesRoot}...`);
      await copyLiveFolder(
        filesRoot,
        path.join(staging, FILES_FOLDER),
        // The store's temporary folder holds only uploads not yet stored.
        (relativePath) => (relativePath === '.tmp' ? 'leave out' : 'copy'),
        { folderMode: 0o755 },
      );
    } else {
      log(
        'Files are kept in S3, so the backup holds the database only; back the bucket up with its own tools.',
      );
    }
    const manifest = newManifest({
      createdAt: createdAt.toISOString(),
      appMigrations: base.migrations,
      postgresVersion: base.postgresVersion,
      filesIncluded: filesRoot !== undefined,
      database: { startLsn: base.startLsn, stopLsn: base.stopLsn, walSegments: base.walSegments.length },
    });
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    log(`Writing ${file}...`);
    await writeArchive(staging, [MANIFEST_FILE, DB_FOLDER, ...(filesRoot ? [FILES_FOLDER] : [])], file);
    return { file, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** `target` when it names a file, or a new name in it when it is a folder. Never an existing file. */
function outputFile(target: string, createdAt: Date): string {
  const file =
    existsSync(target) && statSync(target).isDirectory()
      ? path.join(target, `printmarket-backup-${timestamp(createdAt)}.tar.gz`)
      : path.resolve(target);
  if (existsSync(file)) throw new Error(`${file} already exists; name another file.`);
  if (!existsSync(path.dirname(file))) throw new Error(`The folder ${path.dirname(file)} does not exist.`);
  return file;
}

/**
 * Stops the server the backup started, unless an API started meanwhile and adopted it: the backup
 * never takes the API's claim, and never stops a server an API is using.
 */
async function stopUnlessClaimed(server: EmbeddedPostgres, dbDir: string, log: (m: string) => void) {
  const claimant = await databaseClaimant(server.url).catch(() => undefined);
  if (claimant) {
    log(`Leaving the database server in ${dbDir} running: ${claimant} is using it.`);
    return;
  }
  await server.stop();
}
