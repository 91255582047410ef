import { open, rename, rm } from 'node:fs/promises';
import { create, extract, list, type ReadEntry } from 'tar';

/**
 * Packs `entries` of `folder` into the gzipped tar `file`. It is written under another name and
 * renamed once complete and on disk, so a file of that name is always a whole backup. Only its
 * owner may read it: it holds every account's data.
 */
export async function writeArchive(folder: string, entries: string[], file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    // Entry modes are kept (0600 files, 0700 folders), so a restored database is private too.
    await create({ gzip: true, file: partial, cwd: folder, mode: 0o600 }, entries);
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * Reads the whole archive `file` without writing anything, so a damaged or truncated one fails
 * here (gzip's checksum covers all of it), and returns the text of its entry `name` (undefined
 * when it has none).
 */
export async function readArchiveEntry(file: string, name: string): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let found = false;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path !== name) return;
        found = true;
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      },
    });
  } catch (err) {
    throw damaged(file, err);
  }
  return found ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/**
 * Unpacks the archive `file` into `folder`: only plain files and folders under the given top-level
 * names, never outside the folder (tar's default), owned by this process.
 */
export async function extractArchive(file: string, folder: string, topLevel: string[]): Promise<void> {
  const allowed = (entryPath: string) =>
    topLevel.some((top) => entryPath === top || entryPath.startsWith(`${top}/`));
  try {
    await extract({
      file,
      cwd: folder,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const type = (entry as ReadEntry).type;
        return allowed(entryPath.replace(/\/$/, '')) && (type === 'File' || type === 'Directory');
      },
    });
  } catch (err) {
    throw damaged(file, err);
  }
}

const damaged = (file: string, err: unknown) =>
  new Error(`${file} is damaged or is not a PrintMarket backup (${(err as Error).message}).`);
