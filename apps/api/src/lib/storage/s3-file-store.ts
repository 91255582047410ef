import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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
  type PutOptions,
} from './file-store.ts';

export interface S3FileStoreOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, Ceph...); AWS itself needs none. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`; most self-hosted services need it. */
  forcePathStyle: boolean;
}

/** Multipart part size: S3's minimum. Memory per upload stays near QUEUE_SIZE parts. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;

/** Keeps files as objects in one bucket of S3 or an S3-compatible service, one object per key. */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3FileStoreOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // Since 2025 the SDK adds CRC32 checksum headers to every upload by default, and several
      // S3-compatible services (MinIO, R2, Backblaze B2, Ceph versions) reject them. Checksums are
      // sent only where an operation requires one; signed requests over TLS still guard the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, localPath: string, options: PutOptions = {}): Promise<FileStat> {
    const stat = await this.put(key, createReadStream(localPath), options);
    await rm(localPath, { force: true });
    return stat;
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions = {}): Promise<FileStat> {
    assertValidKeyForPut(key, body);
    let size = 0;
    const source = Buffer.isBuffer(body)
      ? body
      : Readable.from(
          countBytes(body, (bytes) => {
            size += bytes;
          }),
        );
    // Upload sends a small body in one PUT and a stream as a multipart upload, reading it part by
    // part. S3 makes an object visible only once complete; on failure Upload aborts the parts.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: source, ContentType: options.contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    try {
      await upload.done();
    } catch (error) {
      if (source instanceof Readable) source.destroy(); // and with it the caller's stream
      throw error;
    }
    return { size: Buffer.isBuffer(body) ? body.length : size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertWellFormedRange(range);
    try {
      const { Body } = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return Body;
    } catch (error) {
      if (errorName(error) === 'NoSuchKey') throw new FileNotFoundError(key);
      if (range && errorName(error) === 'InvalidRange') throw new InvalidRangeError(range);
      throw error;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      // HEAD responses have no body, so a missing key arrives as a bare 404 named NotFound.
      if (errorName(error) === 'NotFound' || errorName(error) === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a missing key too, which is the contract we want.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertValidPrefix(prefix);
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix === '' ? undefined : prefix },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) yield object.Key;
      }
    }
  }

  /**
   * Aborts the bucket's multipart uploads initiated before `olderThan`: what a process killed in
   * the middle of a large put left (a put that fails while running aborts its own). S3 keeps such
   * parts, invisible to listings, until someone aborts them.
   */
  async abortIncompleteWrites(olderThan: Date): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
        if (!Key || !UploadId || !Initiated || Initiated >= olderThan) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }));
        aborted += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker !== undefined);
    return aborted;
  }

  /** Closes the client's pooled connections (at shutdown and in tests). */
  destroy(): void {
    this.client.destroy();
  }
}

async function* countBytes(body: Readable, onBytes: (bytes: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    onBytes(bytes.length);
    yield bytes;
  }
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : undefined);
