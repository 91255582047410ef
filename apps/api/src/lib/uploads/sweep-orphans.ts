import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../storage/file-store.ts';
import { LocalFileStore } from '../storage/local-file-store.ts';
import { uuid7Time } from './uuid7.ts';

export type SweepOptions = {
  /** Folders of design files (default `stl/` and `images/`). */
  prefixes?: string[];
  /** Objects younger than this may belong to an upload about to commit (default one hour). */
  minAgeMs?: number;
  /** Keys checked against the database per query (default 500). */
  batchSize?: number;
  now?: number;
};

/**
 * Removes stored objects no row references: what a crash between "stored" and "committed" left.
 * Keys are listed once and checked in batches, one query per batch (`referenced` answers which of
 * a batch some row still uses). Only objects older than `minAgeMs` go, so an upload running in
 * another process is not robbed of its files. Returns the keys removed.
 */
export async function sweepOrphans(
  files: FileStore,
  referenced: (keys: string[]) => Promise<Set<string>>,
  options: SweepOptions = {},
): Promise<string[]> {
  const { prefixes = ['stl/', 'images/'], minAgeMs = 3_600_000, batchSize = 500, now = Date.now() } = options;
  const removed: string[] = [];
  const sweepBatch = async (batch: string[]) => {
    const used = await referenced(batch);
    for (const key of batch) {
      if (used.has(key)) continue;
      const created = await createdAt(files, key);
      if (created === null || now - created < minAgeMs) continue;
      await files.delete(key);
      removed.push(key);
    }
  };
  for (const prefix of prefixes) {
    let batch: string[] = [];
    for await (const key of files.list(prefix)) {
      batch.push(key);
      if (batch.length >= batchSize) {
        await sweepBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await sweepBatch(batch);
  }
  return removed;
}

/**
 * When an object was made: from its key when the key holds a version 7 UUID (every upload key
 * does), else from the local file's modification time. Unknown (null) means kept.
 */
async function createdAt(files: FileStore, key: string): Promise<number | null> {
  const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(key)?.[0];
  const fromKey = id ? uuid7Time(id) : null;
  if (fromKey !== null) return fromKey;
  if (!(files instanceof LocalFileStore)) return null;
  try {
    return (await stat(path.join(files.root, ...key.split('/')))).mtimeMs;
  } catch {
    return null;
  }
}
