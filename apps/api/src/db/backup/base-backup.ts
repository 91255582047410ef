import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type CopyTotals, copyLiveFolder } from './copy-live-folder.ts';
import { copyWal } from './copy-wal.ts';
import { walSegmentsBetween } from './wal-segments.ts';

/** Moments of a backup a caller may act in (tests write to the database there). */
export type BaseBackupHooks = {
  /** Backup mode has begun; the data folder is about to be copied. */
  started?: () => Promise<void>;
  /** The data folder is copied; backup mode is about to end. */
  copied?: () => Promise<void>;
};

export type BaseBackup = {
  /** The server's version, "18.4". */
  postgresVersion: string;
  /** Where replay starts (the backup's checkpoint) and the point it must reach to be consistent. */
  startLsn: string;
  stopLsn: string;
  /** The WAL segments copied, from the start's to the stop's. */
  walSegments: string[];
  /** The app's migrations the database had when the backup began. */
  migrations: string[];
  copied: CopyTotals;
};

/** Folders whose contents the server rebuilds at start (the manual's list); the folders are kept. */
const REBUILT_FOLDERS = new Set([
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
  // Replication slots would hold WAL back on the restored server; none is wanted there.
  'pg_replslot',
]);

/**
 * Files of the running server, not of the data (postmaster.*), files a backup writes itself
 * (backup_label, tablespace_map), half-written configuration, and the embedded server's log.
 */
const LEFT_OUT_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
  'server.log',
]);

/** The data folder as "Making a Base Backup Using the Low Level API" in PostgreSQL's manual copies it. */
function dataFolderRule(relativePath: string, entry: Dirent) {
  // Temporary files of queries, and relation cache files every recovery rebuilds.
  if (entry.name.startsWith('pgsql_tmp') || entry.name === 'pg_internal.init') return 'leave out';
  const [top, ...rest] = relativePath.split('/');
  if (rest.length === 0) {
    if (LEFT_OUT_FILES.has(relativePath) && !entry.isDirectory()) return 'leave out';
    // The server's socket and its lock file (naming the running server's pid) when the socket is here.
    if (relativePath.startsWith('.s.PGSQL.')) return 'leave out';
    if (REBUILT_FOLDERS.has(relativePath)) return 'empty folder';
    return 'copy';
  }
  // pg_wal keeps its folders (archive_status, summaries); the segments are copied after the stop.
  if (top === 'pg_wal') return entry.isDirectory() ? 'empty folder' : 'leave out';
  return 'copy';
}

/**
 * An online physical backup of the running server of `dataDir` into `target`, with PostgreSQL's
 * low-level API: pg_backup_start on a connection kept open, a copy of the data folder while the
 * server goes on working, pg_backup_stop (whose backup_label tells recovery where to start), then
 * the WAL from the start to the stop, without which the copy cannot be made consistent. A
 * temporary replication slot keeps that WAL on the server until it is copied; if a segment is
 * missing all the same, the backup fails rather than leave a copy that cannot be restored.
 */
export async function takeBaseBackup(
  url: string,
  dataDir: string,
  target: string,
  { label, hooks = {} }: { label: string; hooks?: BaseBackupHooks },
): Promise<BaseBackup> {
  const client = new pg.Client({
    connectionString: url,
    application_name: `printmarket backup pid ${process.pid}`,
  });
  await client.connect();
  try {
    const facts = await client.query<{ version: string; segment_bytes: number; migrated: boolean }>(
      `select current_setting('server_version') as version,
              (select setting::int from pg_settings where name = 'wal_segment_size') as segment_bytes,
              to_regclass('kysely_migration') is not null as migrated`,
    );
    const { version, segment_bytes: segmentBytes, migrated } = facts.rows[0]!;
    const migrations = migrated
      ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map(
          (row) => row.name,
        )
      : [];
    // Made before the backup starts, so it holds every segment from the backup's checkpoint on;
    // temporary: it goes when this connection ends, however the backup ends.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [
      `printmarket_backup_${randomBytes(6).toString('hex')}`,
    ]);
    await client.query('select pg_backup_start($1, fast => true)', [label]);
    await refuseTablespaces(dataDir);
    await hooks.started?.();
    const copied = await copyLiveFolder(dataDir, target, dataFolderRule);
    await hooks.copied?.();
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; last: string }>(
      `select lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) as last
         from pg_backup_stop(wait_for_archive => false)`,
    );
    const { lsn: stopLsn, labelfile, spcmapfile, last } = stop.rows[0]!;
    // Recovery starts from the checkpoint this file names; without it the copy would be corrupt.
    await writeFile(path.join(target, 'backup_label'), labelfile, { mode: 0o600 });
    if (spcmapfile) await writeFile(path.join(target, 'tablespace_map'), spcmapfile, { mode: 0o600 });
    const start = /^START WAL LOCATION: (\S+) \(file ([0-9A-F]{24})\)$/m.exec(labelfile);
    if (!start) throw new Error(`The server's backup label has no start location:\n${labelfile}`);
    const [, startLsn = '', first = ''] = start;
    const walSegments = walSegmentsBetween(first, last, segmentBytes);
    await copyWal(dataDir, target, walSegments, segmentBytes, { startLsn, stopLsn });
    return { postgresVersion: version, startLsn, stopLsn, walSegments, migrations, copied };
  } finally {
    await client.end();
  }
}

/** The embedded server keeps every table in its data folder; a tablespace elsewhere would be lost. */
async function refuseTablespaces(dataDir: string): Promise<void> {
  const links = await readdir(path.join(dataDir, 'pg_tblspc'));
  if (links.length > 0)
    throw new Error(
      `The database in ${dataDir} has tablespaces outside its folder (pg_tblspc: ${links.join(', ')}); this backup cannot copy them.`,
    );
}
