import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyWal } from './copy-wal.ts';

/** Small segments keep the files small; the check is the same at 16 MB. */
const SEGMENT_BYTES = 64 * 1024;
const RANGE = { startLsn: '0/3000028', stopLsn: '0/5000100' };
const NAMES = ['000000010000000000000003', '000000010000000000000004', '000000010000000000000005'];

describe('copying the WAL a backup needs', () => {
  let folder: string;
  let dataDir: string;
  let target: string;

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'printmarket-wal-'));
    dataDir = path.join(folder, 'data');
    target = path.join(folder, 'backup');
    await mkdir(path.join(dataDir, 'pg_wal'), { recursive: true });
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  const segment = (name: string, bytes = SEGMENT_BYTES) =>
    writeFile(path.join(dataDir, 'pg_wal', name), Buffer.alloc(bytes, name.slice(-1)));

  it('copies every segment from the start to the stop, and timeline history, and nothing else', async () => {
    for (const name of ['000000010000000000000002', ...NAMES]) await segment(name);
    await writeFile(path.join(dataDir, 'pg_wal', '00000002.history'), '1\t0/5000100\tno recovery target\n');
    await copyWal(dataDir, target, NAMES, SEGMENT_BYTES, RANGE);
    expect((await readdir(path.join(target, 'pg_wal'))).sort()).toEqual([...NAMES, '00000002.history']);
    expect(await readFile(path.join(target, 'pg_wal', NAMES[1]!))).toEqual(Buffer.alloc(SEGMENT_BYTES, '4'));
  });

  it('fails, naming them and the backup range, when segments are gone or not whole', async () => {
    await segment(NAMES[0]!);
    await segment(NAMES[2]!, SEGMENT_BYTES / 2);
    await expect(copyWal(dataDir, target, NAMES, SEGMENT_BYTES, RANGE)).rejects.toThrow(
      "The backup is incomplete: WAL segments 000000010000000000000004, 000000010000000000000005 (part of the WAL from the backup's start at 0/3000028 to its end at 0/5000100) could not be copied whole",
    );
  });
});
