import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertValidKeyForPut,
  assertValidPrefix,
  assertWellFormedRange,
  type ByteRange,
  FileNotFoundError,
  type FileStat,
  type FileStore,
  InvalidRangeError,
} from './file-store.ts';

/** Valid keys never start with a dot, so this folder cannot collide with stored files. */
const TEMP_FOLDER = '.tmp';

/** Error codes that mean "no file at this key" (ENOTDIR: a parent of the path is a file). */
const MISSING_CODES = new Set(['ENOENT', 'ENOTDIR']);
const isMissing = (error: unknown) => MISSING_CODES.has((error as NodeJS.ErrnoException).code ?? '');

/** Keeps files on local disk under `root`, one file per key, folders following the key's `/`s. */
export class LocalFileStore implements FileStore {
  readonly root: string;
  readonly tempFolder: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tempFolder = path.join(this.root, TEMP_FOLDER);
  }

  async put(key: string, body: Readable | Buffer): Promise<FileStat> {
    assertValidKeyForPut(key, body);
    const target = this.pathOf(key);
    // Written beside the final place (same filesystem) so the rename is atomic: readers see the old
    // file or the new one, and a crash leaves only a temp file for abortIncompleteWrites.
    const temp = path.join(this.tempFolder, `${randomUUID()}.part`);
    try {
      await mkdir(this.tempFolder, { recursive: true });
      // Opened before the stream starts: a stream that opens its own file may create it after a
      // failed body has already ended the pipeline, and the temp file would outlive the rm below.
      const file = await open(temp, 'wx');
      // flush: fsync before close, so a power cut after the rename cannot leave an empty file.
      const out = file.createWriteStream({ flush: true });
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, out);
      await this.moveIntoPlace(temp, target);
      return { size: out.bytesWritten };
    } catch (error) {
      if (!Buffer.isBuffer(body)) body.destroy(); // put owns the body, however it failed
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, localPath: string): Promise<FileStat> {
    assertValidKey(key);
    const target = this.pathOf(key);
    const handle = await open(localPath, 'r+');
    let size: number;
    try {
      // The same promise as put: once stored, a power cut cannot leave an empty file.
      await handle.sync();
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    try {
      await this.moveIntoPlace(localPath, target);
    } catch (error) {
      // Another disk: rename cannot cross it, so copy through the usual atomic path.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await this.put(key, createReadStream(localPath));
      await rm(localPath, { force: true });
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    if (range) assertWellFormedRange(range);
    const handle = await open(file, 'r').catch((error: unknown) => {
      throw isMissing(error) ? new FileNotFoundError(key) : error;
    });
    try {
      // Holding the handle means a concurrent overwrite or delete cannot change what we stream.
      const info = await handle.stat();
      if (!info.isFile()) throw new FileNotFoundError(key);
      if (range && range.start >= info.size) throw new InvalidRangeError(range);
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await unlink(file);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    await this.pruneEmptyFolders(path.dirname(file));
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertValidPrefix(prefix);
    // Only the folder named by the prefix up to its last `/` can hold matching keys.
    yield* this.walk(prefix.slice(0, prefix.lastIndexOf('/') + 1), prefix);
  }

  /**
   * Removes temporary files of writes begun before `olderThan` (their last change is older) and
   * never moved into place. Younger ones may be writes in progress in another process sharing the
   * root, so they stay.
   */
  async abortIncompleteWrites(olderThan: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.tempFolder);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const entry = path.join(this.tempFolder, name);
      const changed = await stat(entry).then(
        (s) => s.mtimeMs,
        () => null,
      );
      if (changed === null || changed >= olderThan.getTime()) continue;
      await rm(entry, { recursive: true, force: true });
      removed += 1;
    }
    return removed;
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private async moveIntoPlace(temp: string, target: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
        return;
      } catch (error) {
        // A concurrent delete may prune a folder we just made (see pruneEmptyFolders); make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw error;
      }
    }
  }

  /** Deleting a design's last file should not leave its empty folders behind forever. */
  private async pruneEmptyFolders(folder: string): Promise<void> {
    for (let current = folder; current.startsWith(this.root + path.sep); current = path.dirname(current)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or already gone): everything above it is in use too
      }
    }
  }

  private async *walk(folderKey: string, prefix: string): AsyncGenerator<string> {
    let folder: Awaited<ReturnType<typeof opendir>>;
    try {
      folder = await opendir(path.join(this.root, ...folderKey.split('/')));
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for await (const entry of folder) {
      if (entry.name.startsWith('.')) continue; // the temp folder; never part of a key
      const key = folderKey + entry.name;
      if (entry.isDirectory()) {
        if (`${key}/`.startsWith(prefix)) yield* this.walk(`${key}/`, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        yield key;
      }
    }
  }
}
