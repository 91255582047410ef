import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { copyOneFile } from './copy-live-folder.ts';

/**
 * Copies WAL segments (and any timeline history) from the data folder's pg_wal into the backup's,
 * and checks that each one is there whole: a backup missing one cannot be restored, so it fails.
 */
export async function copyWal(
  dataDir: string,
  target: string,
  segments: string[],
  segmentBytes: number,
  range: { startLsn: string; stopLsn: string },
): Promise<void> {
  const from = path.join(dataDir, 'pg_wal');
  const to = path.join(target, 'pg_wal');
  await mkdir(to, { recursive: true, mode: 0o700 });
  const totals = { files: 0, bytes: 0 };
  for (const name of await readdir(from)) {
    if (/^[0-9A-F]{8}\.history$/.test(name))
      await copyOneFile(path.join(from, name), path.join(to, name), totals);
  }
  const missing: string[] = [];
  for (const name of segments) {
    const copied = await copyOneFile(path.join(from, name), path.join(to, name), totals);
    if (!copied || (await stat(path.join(to, name))).size !== segmentBytes) missing.push(name);
  }
  if (missing.length > 0)
    throw new Error(
      `The backup is incomplete: WAL segment${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ` +
        `(part of the WAL from the backup's start at ${range.startLsn} to its end at ${range.stopLsn}) ` +
        'could not be copied whole from the server, and without them the backup cannot be restored. ' +
        'No backup was written; run it again.',
    );
}
