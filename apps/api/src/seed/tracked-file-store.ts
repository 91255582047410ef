import type { Readable } from 'node:stream';
import type { ByteRange, FileStat, FileStore, PutOptions } from '../lib/storage/file-store.ts';

/**
 * A file store that remembers every key written through it, so a seed that fails can remove the
 * files it stored: its rows roll back, and files nothing references must not stay behind.
 */
export class TrackedFileStore implements FileStore {
  private readonly written = new Set<string>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(private readonly inner: FileStore) {}

  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<FileStat> {
    return this.track(key, () => this.inner.put(key, body, options));
  }

  putFile(key: string, localPath: string, options?: PutOptions): Promise<FileStat> {
    return this.track(key, () => this.inner.putFile(key, localPath, options));
  }

  get(key: string, range?: ByteRange): Promise<Readable> {
    return this.inner.get(key, range);
  }

  stat(key: string): Promise<FileStat | null> {
    return this.inner.stat(key);
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  list(prefix: string): AsyncIterable<string> {
    return this.inner.list(prefix);
  }

  abortIncompleteWrites(olderThan: Date): Promise<number> {
    return this.inner.abortIncompleteWrites(olderThan);
  }

  /**
   * Refuses further writes, waits for those under way (the seed writes several files at once, and
   * the others go on after one fails), then deletes every key written, finished or not.
   */
  async removeWritten(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.inFlight]);
    await Promise.all([...this.written].map((key) => this.inner.delete(key)));
    this.written.clear();
  }

  private async track<T>(key: string, write: () => Promise<T>): Promise<T> {
    if (this.stopped) throw new Error('seeding stopped: no more files are stored');
    // Remembered before the write starts: a failed write may still leave something behind.
    this.written.add(key);
    const writing = write();
    this.inFlight.add(writing);
    try {
      return await writing;
    } finally {
      this.inFlight.delete(writing);
    }
  }
}
