import type { Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What to do with one entry: copy it, leave it out, or (a folder) keep the folder but not what it holds. */
export type CopyDecision = 'copy' | 'leave out' | 'empty folder';

/** Decides by the entry's path relative to the copied folder, with `/` between names. */
export type CopyRule = (relativePath: string, entry: Dirent) => CopyDecision;

export type CopyTotals = { files: number; bytes: number };

/**
 * Copies a folder that others go on writing while it is read: a file or folder that vanishes
 * before its turn is left out, and a file is copied as it is at that moment (PostgreSQL's manual
 * calls both normal during a base backup). Sockets and other special files are left out; a
 * symbolic link stops the copy, since copying what it points to would not restore the link.
 */
export async function copyLiveFolder(
  source: string,
  target: string,
  rule: CopyRule,
  { folderMode = 0o700 }: { folderMode?: number } = {},
): Promise<CopyTotals> {
  const totals: CopyTotals = { files: 0, bytes: 0 };
  await mkdir(target, { recursive: true, mode: folderMode });
  await copyFolder(source, target, '', { rule, folderMode, totals });
  return totals;
}

type Walk = { rule: CopyRule; folderMode: number; totals: CopyTotals };

async function copyFolder(source: string, target: string, relative: string, walk: Walk): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(source, { withFileTypes: true });
  } catch (err) {
    if (vanished(err)) return;
    throw err;
  }
  for (const entry of entries) {
    const relativePath = relative ? `${relative}/${entry.name}` : entry.name;
    const decision = walk.rule(relativePath, entry);
    if (decision === 'leave out') continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      await mkdir(to, { mode: walk.folderMode });
      if (decision === 'copy') await copyFolder(from, to, relativePath, walk);
    } else if (entry.isFile()) {
      await copyOneFile(from, to, walk.totals);
    } else if (entry.isSymbolicLink()) {
      throw new Error(`${from} is a symbolic link; a backup of this folder cannot restore it.`);
    }
  }
}

/** Copies a file as it is now; returns false when it has gone. */
export async function copyOneFile(from: string, to: string, totals: CopyTotals): Promise<boolean> {
  try {
    // Copies up to the end of the file as it is read, and keeps the file's mode.
    await copyFile(from, to);
  } catch (err) {
    if (vanished(err)) return false;
    throw err;
  }
  totals.files += 1;
  totals.bytes += (await stat(to)).size;
  return true;
}

const vanished = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
