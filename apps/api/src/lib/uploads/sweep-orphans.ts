import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from '../storage/file-store.ts';
import { LocalFileStore } from '../storage/local-file-store.ts';
import { uuid7Time } from './uuid7.ts';

export type SweepOptions = {
  /** Folders swept (default design files and previews, avatars and banners). */
  prefixes?: string[];
  /**
   * Objects younger than this are kept even without a lease: a guard for writers that take none
   * (preview renders, collection covers) between storing and recording (default one hour).
   */
  minAgeMs?: number;
  /** Keys checked against the database per query (default 500). */
  batchSize?: number;
  now?: number;
};

export type KeyUse = {
  /** Which of a batch an upload in progress holds under a live lease. */
  leased: (keys: string[]) => Promise<Set<string>>;
  /** Which of a batch some row still uses. */
  referenced: (keys: string[]) => Promise<Set<string>>;
};

export const SWEPT_PREFIXES = ['stl/', 'images/', 'avatars/', 'banners/'];

/**
 * Removes stored objects that no row references and no live upload lease covers: what a crash
 * between "stored" and "committed" left. Keys are listed once and checked in batches. Leases are
 * asked first: an upload drops its lease only after its commit, so a key found unleased is either
 * committed already (and the reference check that follows sees it) or abandoned. Returns the keys
 * removed.
 */
export async function sweepOrphans(
  files: FileStore,
  use: KeyUse,
  options: SweepOptions = {},
): Promise<string[]> {
  const { prefixes = SWEPT_PREFIXES, minAgeMs = 3_600_000, batchSize = 500, now = Date.now() } = options;
  const removed: string[] = [];
  const sweepBatch = async (batch: string[]) => {
    const leased = await use.leased(batch);
    const unleased = batch.filter((key) => !leased.has(key));
    const used = await use.referenced(unleased);
    for (const key of unleased) {
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
