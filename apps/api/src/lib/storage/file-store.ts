import type { Readable } from 'node:stream';

/** An inclusive byte range, as in an HTTP `Range: bytes=start-end` header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType?: string;
}

export interface FileStat {
  size: number;
}

/**
 * Where file bytes live (STL models, images, previews). The server generates every key; the
 * database row holds the key. Adapters: local disk (default) and S3-compatible object storage.
 */
export interface FileStore {
  /**
   * Streams `body` to `key`, replacing what was there. Readers see either the old or the new
   * content, never a partial file; a failed write leaves no trace.
   */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<FileStat>;
  /**
   * Opens the content of `key`, or the bytes of `range` (its end is clamped to the last byte).
   * Throws FileNotFoundError when the key is missing and InvalidRangeError when the range is
   * malformed or starts past the end of the file. The caller reads the stream to its end or
   * destroys it: until then it holds a file handle, or one of the S3 client's few connections.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * Stores a local file the caller hands over (an upload's temporary file): moved into place when
   * it is on the same disk, which costs nothing for a 300 MB model, else streamed. The local file is
   * gone afterwards either way.
   */
  putFile(key: string, localPath: string, options?: PutOptions): Promise<FileStat>;
  stat(key: string): Promise<FileStat | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (plain string prefix, as in S3), in no particular order. */
  list(prefix: string): AsyncIterable<string>;
  /**
   * Removes what writes begun before `olderThan` and never finished left behind (a process killed
   * mid-write): temporary files on disk, unfinished multipart uploads on S3, whose parts are
   * otherwise kept (and billed) forever. Writes begun later are left alone: they may be running in
   * another process. Returns how many it removed.
   */
  abortIncompleteWrites(olderThan: Date): Promise<number>;
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`File not found: ${key}`);
    this.name = 'FileNotFoundError';
  }
}

export class InvalidRangeError extends Error {
  constructor(range: ByteRange) {
    super(`Range not satisfiable: bytes=${range.start}-${range.end}`);
    this.name = 'InvalidRangeError';
  }
}

export class InvalidKeyError extends Error {
  constructor(key: string, kind = 'key') {
    super(`Invalid storage ${kind}: ${JSON.stringify(key)}`);
    this.name = 'InvalidKeyError';
  }
}

export const MAX_KEY_LENGTH = 200;

// A segment starts and ends with [a-z0-9] and may hold `-`, `_` and `.` inside. So no segment is
// `.`, `..` or hidden, and no key can reach outside the local root or into its `.tmp` folder.
const KEY_PATTERN = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?(?:\/[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?)*$/;

/**
 * Keys come from the server, never from users; checking them anyway is what stops a bug from
 * turning into path traversal on the local adapter.
 */
export function assertValidKey(key: string): void {
  if (
    typeof key !== 'string' ||
    key.length > MAX_KEY_LENGTH ||
    key.includes('..') ||
    !KEY_PATTERN.test(key)
  ) {
    throw new InvalidKeyError(key);
  }
}

/**
 * assertValidKey for `put`, which owns its body: like a failed pipeline, a rejected key destroys
 * the stream, so an upload request feeding it is not left hanging.
 */
export function assertValidKeyForPut(key: string, body: Readable | Buffer): void {
  try {
    assertValidKey(key);
  } catch (error) {
    if (!Buffer.isBuffer(body)) body.destroy();
    throw error;
  }
}

const PREFIX_PATTERN = /^[a-z0-9._/-]*$/;

/** A list prefix may be empty or stop mid-segment (`designs/12`), but may not climb or be absolute. */
export function assertValidPrefix(prefix: string): void {
  if (
    typeof prefix !== 'string' ||
    prefix.length > MAX_KEY_LENGTH ||
    prefix.startsWith('/') ||
    prefix.includes('..') ||
    prefix.includes('//') ||
    !PREFIX_PATTERN.test(prefix)
  ) {
    throw new InvalidKeyError(prefix, 'prefix');
  }
}

/** Rejects ranges no adapter could serve; whether `start` lies inside the file is each adapter's check. */
export function assertWellFormedRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new InvalidRangeError(range);
  }
}
