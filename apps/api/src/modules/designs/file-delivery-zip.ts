import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileStore } from '../../lib/storage/file-store.ts';

export type ZipEntry = { name: string; key: string; size: number };

export type ZipStream = {
  stream: Readable;
  /** Exact byte length of the archive, known before the first byte (every entry is stored). */
  size: number | null;
  /** Stops reading storage when the receiver has gone away. */
  abort: () => void;
};

/**
 * A streamed ZIP of stored files, never held whole in memory: yazl asks for each entry's stream
 * only when the previous one is written, so one storage read is open at a time and backpressure
 * from the client reaches storage.
 *
 * Entries are STORED, not deflated. Binary STL shrinks only 2-3x at level 1, and zlib's level-1
 * deflate runs at roughly 50-100 MB/s on one core: with two cores per server a few concurrent
 * ZIPs would hold the CPU and still miss the 100 MB/s target. Stored entries cost no CPU, go at
 * disk or network speed, and let the archive's exact length be sent as Content-Length so browsers
 * show progress. Photos are WebP already and would not shrink anyway.
 */
export function zipStoredFiles(files: FileStore, entries: ZipEntry[], mtime: Date): ZipStream {
  const zip = new ZipFile();
  let current: Readable | undefined;
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, size: entry.size, mtime }, (done) => {
      files.get(entry.key).then(
        (stream) => {
          current = stream;
          done(null, stream);
        },
        (err: Error) => done(err, undefined as unknown as Readable),
      );
    });
  }
  let size: number | null = null;
  // The callback runs within end() here, as every entry's size is given and nothing is deflated.
  // (@types/yazl declares it without its argument.)
  zip.end(undefined, ((total: number) => {
    size = total >= 0 ? total : null;
  }) as () => void);
  const stream = zip.outputStream as Readable;
  // yazl reports failures (a missing object, a size mismatch) on the ZipFile, not its output:
  // ending the output with the error makes the HTTP response fail visibly instead of hanging.
  zip.on('error', (err: Error) => {
    current?.destroy();
    stream.destroy(err);
  });
  return {
    stream,
    size,
    abort: () => {
      current?.destroy();
      stream.destroy();
    },
  };
}
