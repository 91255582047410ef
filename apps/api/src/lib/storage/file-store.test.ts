import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type S3TestStore, startS3TestStore } from '../../test/s3-test-store.ts';
import { createFileStore } from './create-file-store.ts';
import {
  assertValidKey,
  FileNotFoundError,
  type FileStore,
  InvalidKeyError,
  InvalidRangeError,
  MAX_KEY_LENGTH,
} from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

const INVALID_KEYS = ['../x', '/abs', 'a/../b', 'A B', '', 'a\0b', 'a/', 'a//b', '.tmp/x', 'x'.repeat(201)];

let testCounter = 0;
/** Every test writes under its own prefix, so tests sharing one store cannot see each other's keys. */
const freshPrefix = () => `t${++testCounter}/`;

const read = async (store: FileStore, key: string, range?: { start: number; end: number }) =>
  (await buffer(await store.get(key, range))).toString();

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

const sha256Of = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
};

/** A stream that sends `firstBytes` and then fails, like an upload whose client disconnects. */
const failingStream = (firstBytes: number) =>
  Readable.from(
    (async function* () {
      yield randomBytes(firstBytes);
      throw new Error('client went away');
    })(),
  );

/** How a test leaves a write unfinished on an adapter (as a process killed mid-write does) and counts such writes. */
type UnfinishedWrites = {
  leaveOne: (key: string) => Promise<void>;
  count: () => Promise<number>;
};

/** The behaviour every FileStore adapter must show; run once per adapter. */
function fileStoreContract(getStore: () => FileStore, unfinished: UnfinishedWrites) {
  it('returns a Buffer byte for byte and reports its size', async () => {
    const store = getStore();
    const key = `${freshPrefix()}model.stl`;
    const body = Buffer.from('solid cube\nendsolid cube\n');
    await expect(store.put(key, body, { contentType: 'model/stl' })).resolves.toEqual({ size: body.length });
    expect(await buffer(await store.get(key))).toEqual(body);
  });

  it('streams a multi-megabyte upload through unchanged', async () => {
    const store = getStore();
    const key = `${freshPrefix()}big.stl`;
    const chunkSize = 1024 * 1024;
    const chunkCount = 12; // more than two S3 multipart parts
    const sentHash = createHash('sha256');
    const source = Readable.from(
      (async function* () {
        for (let i = 0; i < chunkCount; i++) {
          const chunk = randomBytes(chunkSize);
          sentHash.update(chunk);
          yield chunk;
        }
      })(),
    );
    await expect(store.put(key, source)).resolves.toEqual({ size: chunkSize * chunkCount });
    expect(await sha256Of(await store.get(key))).toBe(sentHash.digest('hex'));
    expect(await store.stat(key)).toEqual({ size: chunkSize * chunkCount });
  });

  it('takes over a local file: stored byte for byte, and the local file is gone', async () => {
    const store = getStore();
    const key = `${freshPrefix()}moved.stl`;
    const folder = await mkdtemp(path.join(tmpdir(), 'printmarket-putfile-'));
    const local = path.join(folder, 'upload.part');
    const body = randomBytes(3 * 1024 * 1024 + 17);
    await writeFile(local, body);
    await expect(store.putFile(key, local, { contentType: 'model/stl' })).resolves.toEqual({
      size: body.length,
    });
    // equals(), not toEqual(): a deep comparison of megabytes is slow enough to time out under load.
    expect((await buffer(await store.get(key))).equals(body)).toBe(true);
    expect(await readdir(folder)).toEqual([]);
    await rm(folder, { recursive: true, force: true });
  });

  it('stores an empty file', async () => {
    const store = getStore();
    const key = `${freshPrefix()}empty.txt`;
    await expect(store.put(key, Readable.from([]))).resolves.toEqual({ size: 0 });
    expect(await read(store, key)).toBe('');
    expect(await store.stat(key)).toEqual({ size: 0 });
  });

  it('serves an inclusive byte range and clamps its end to the file', async () => {
    const store = getStore();
    const key = `${freshPrefix()}letters.txt`;
    await store.put(key, Buffer.from('abcdefghij'));
    expect(await read(store, key, { start: 2, end: 5 })).toBe('cdef');
    // A one-byte range; not `0-0`, which s3rver 3.7 wrongly serves as the whole object.
    expect(await read(store, key, { start: 4, end: 4 })).toBe('e');
    expect(await read(store, key, { start: 7, end: 100 })).toBe('hij');
  });

  it('lets go of reads broken off early, however many there are', async () => {
    const store = getStore();
    const key = `${freshPrefix()}model.stl`;
    // Larger than a stream's buffers: an abandoned read cannot have taken it all in already.
    const body = randomBytes(2 * 1024 * 1024);
    await store.put(key, body, { contentType: 'model/stl' });
    // The ways the app stops reading: a client that leaves before the first byte (the response
    // destroys the stream unread), one that leaves midway (destroyed after some bytes), and a ZIP
    // that finds a file longer than announced (leaves its for-await loop). More reads than the S3
    // client keeps connections (50): a read that kept its connection would leave the calls after
    // it waiting for one.
    const stopReading: Array<(stream: Readable) => Promise<void>> = [
      async (stream) => {
        stream.destroy();
      },
      async (stream) => {
        await once(stream, 'data');
        stream.destroy();
      },
      async (stream) => {
        for await (const _chunk of stream) break;
      },
    ];
    for (let i = 0; i < 60; i++) {
      const stream = await store.get(key, i % 4 === 3 ? { start: 1024, end: body.length - 1 } : undefined);
      // Broken off, a read may end in an abort error; what counts is that it closes.
      stream.on('error', () => {});
      const closed = new Promise((resolve) => stream.once('close', resolve));
      await stopReading[i % stopReading.length]!(stream);
      await closed;
    }
    expect((await buffer(await store.get(key))).equals(body)).toBe(true);
    await store.put(`${key}.after`, Buffer.from('still writing'));
    expect(await store.stat(`${key}.after`)).toEqual({ size: 13 });
    await store.delete(`${key}.after`);
  });

  it('rejects a range past the end or malformed with InvalidRangeError', async () => {
    const store = getStore();
    const key = `${freshPrefix()}letters.txt`;
    await store.put(key, Buffer.from('abcdefghij'));
    await expect(store.get(key, { start: 10, end: 20 })).rejects.toBeInstanceOf(InvalidRangeError);
    await expect(store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(InvalidRangeError);
    await expect(store.get(key, { start: -1, end: 4 })).rejects.toBeInstanceOf(InvalidRangeError);
  });

  it('stats a present key with its size and a missing key as null', async () => {
    const store = getStore();
    const prefix = freshPrefix();
    await store.put(`${prefix}photo.webp`, Buffer.alloc(1234, 7));
    expect(await store.stat(`${prefix}photo.webp`)).toEqual({ size: 1234 });
    expect(await store.stat(`${prefix}missing.webp`)).toBeNull();
    expect(await store.stat(`${prefix}photo.webp/below`)).toBeNull();
  });

  it('throws FileNotFoundError for a missing key', async () => {
    const store = getStore();
    const prefix = freshPrefix();
    await store.put(`${prefix}folder/file.bin`, Buffer.from('x'));
    await expect(store.get(`${prefix}never-written.bin`)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(store.get(`${prefix}folder`)).rejects.toBeInstanceOf(FileNotFoundError);
  });

  it('deletes a file so that it can no longer be read', async () => {
    const store = getStore();
    const key = `${freshPrefix()}gone.stl`;
    await store.put(key, Buffer.from('bytes'));
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.stat(key)).toBeNull();
  });

  it('treats deleting a missing key as done', async () => {
    const store = getStore();
    await expect(store.delete(`${freshPrefix()}never-there.stl`)).resolves.toBeUndefined();
  });

  it('lists exactly the keys under a prefix', async () => {
    const store = getStore();
    const prefix = freshPrefix();
    const keys = ['d1/model.stl', 'd1/photos/1.webp', 'd1/photos/2.webp', 'd10/model.stl', 'd2/model.stl'];
    for (const key of keys) await store.put(prefix + key, Buffer.from(key));

    expect(await collect(store.list(`${prefix}d1/`))).toEqual(
      ['d1/model.stl', 'd1/photos/1.webp', 'd1/photos/2.webp'].map((key) => prefix + key),
    );
    // A prefix is a plain string prefix, as in S3: `d1` also matches `d10/`.
    expect(await collect(store.list(`${prefix}d1`))).toEqual(keys.slice(0, 4).map((key) => prefix + key));
    expect(await collect(store.list(prefix))).toEqual(keys.map((key) => prefix + key));
    expect(await collect(store.list(`${prefix}d3/`))).toEqual([]);
  });

  it('replaces the content on overwrite', async () => {
    const store = getStore();
    const key = `${freshPrefix()}avatar.webp`;
    await store.put(key, Buffer.from('a long first version'));
    await expect(store.put(key, Readable.from([Buffer.from('short')]))).resolves.toEqual({ size: 5 });
    expect(await read(store, key)).toBe('short');
    expect(await store.stat(key)).toEqual({ size: 5 });
  });

  it('shows readers the old content until a write completes', async () => {
    const store = getStore();
    const key = `${freshPrefix()}model.stl`;
    await store.put(key, Buffer.from('old'));
    const upload = new PassThrough();
    const writing = store.put(key, upload);
    upload.write(Buffer.alloc(64 * 1024, 1));
    // The store has taken the first bytes (nothing left buffered in the stream) before anyone reads.
    await vi.waitFor(() => expect(upload.readableLength + upload.writableLength).toBe(0));
    expect(await read(store, key)).toBe('old');
    upload.end(Buffer.alloc(64 * 1024, 2));
    await expect(writing).resolves.toEqual({ size: 128 * 1024 });
    expect(await store.stat(key)).toEqual({ size: 128 * 1024 });
  });

  it('keeps the previous content when a stream fails midway', async () => {
    const store = getStore();
    const prefix = freshPrefix();
    await store.put(`${prefix}kept.stl`, Buffer.from('previous'));
    await expect(store.put(`${prefix}kept.stl`, failingStream(256 * 1024))).rejects.toThrow(
      'client went away',
    );
    expect(await read(store, `${prefix}kept.stl`)).toBe('previous');
    await expect(store.put(`${prefix}new.stl`, failingStream(256 * 1024))).rejects.toThrow(
      'client went away',
    );
    expect(await store.stat(`${prefix}new.stl`)).toBeNull();
    expect(await collect(store.list(prefix))).toEqual([`${prefix}kept.stl`]);
  });

  it('leaves no unfinished write behind when a stream of several parts fails', async () => {
    const store = getStore();
    const key = `${freshPrefix()}large.stl`;
    const before = await unfinished.count();
    // Past S3's 5 MB part size, so the write is a multipart upload when it fails.
    await expect(store.put(key, failingStream(12 * 1024 * 1024))).rejects.toThrow('client went away');
    expect(await store.stat(key)).toBeNull();
    expect(await unfinished.count()).toBe(before);
  });

  it('removes unfinished writes begun before a time, and nothing begun later or finished', async () => {
    const store = getStore();
    const prefix = freshPrefix();
    await store.put(`${prefix}kept.stl`, Buffer.from('finished'));
    await unfinished.leaveOne(`${prefix}cut-off.stl`);
    const left = await unfinished.count();
    expect(left).toBeGreaterThan(0);

    // Begun after the time given: possibly a write still running in another process.
    await expect(store.abortIncompleteWrites(new Date(Date.now() - 60_000))).resolves.toBe(0);
    expect(await unfinished.count()).toBe(left);

    await expect(store.abortIncompleteWrites(new Date(Date.now() + 60_000))).resolves.toBe(left);
    expect(await unfinished.count()).toBe(0);
    expect(await read(store, `${prefix}kept.stl`)).toBe('finished');
    expect(await collect(store.list(prefix))).toEqual([`${prefix}kept.stl`]);
  });

  it.each(INVALID_KEYS)('rejects the invalid key %j on every operation', async (key) => {
    const store = getStore();
    await expect(store.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('rejects a prefix that climbs out or is absolute', async () => {
    const store = getStore();
    for (const prefix of ['../', '/etc/', 'a/../../', 'A']) {
      await expect(collect(store.list(prefix))).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });
}

describe('assertValidKey', () => {
  it('accepts the keys the server generates', () => {
    for (const key of [
      'designs/0f3a-91/model.stl',
      'users/42/avatar_v2.webp',
      'a',
      'x'.repeat(MAX_KEY_LENGTH),
    ]) {
      expect(() => assertValidKey(key)).not.toThrow();
    }
  });

  it.each(INVALID_KEYS)('rejects %j', (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidKeyError);
  });

  it('never accepts a key that resolves outside the storage root', () => {
    const root = path.resolve('/srv/files');
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '0', '.', '-', '_', '/', '\\', 'Z', ' ') }),
        (key) => {
          let accepted = true;
          try {
            assertValidKey(key);
          } catch {
            accepted = false;
          }
          if (accepted) {
            expect(path.resolve(root, key).startsWith(`${root}${path.sep}`)).toBe(true);
            expect(key.split('/')).not.toContain('..');
            expect(key.split('/').some((segment) => segment.startsWith('.'))).toBe(false);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('LocalFileStore', () => {
  let root: string;
  let store: LocalFileStore;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'file-store-'));
    store = new LocalFileStore(root);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const tempEntries = async () => readdir(store.tempFolder).catch(() => []);

  fileStoreContract(() => store, {
    // What a put killed mid-stream leaves: its half-written temporary file.
    leaveOne: async () => {
      await mkdir(store.tempFolder, { recursive: true });
      await writeFile(path.join(store.tempFolder, `${randomUUID()}.part`), 'half a file');
    },
    count: async () => (await tempEntries()).length,
  });

  it('leaves no file and nothing in .tmp after a failed stream', async () => {
    const key = `${freshPrefix()}broken.stl`;
    await expect(store.put(key, failingStream(1024 * 1024))).rejects.toThrow('client went away');
    expect(await store.stat(key)).toBeNull();
    expect(await tempEntries()).toEqual([]);
  });

  it('never lists temp files', async () => {
    await mkdir(store.tempFolder, { recursive: true });
    await writeFile(path.join(store.tempFolder, 'in-progress.part'), 'partial');
    expect((await collect(store.list(''))).filter((key) => key.includes('.tmp'))).toEqual([]);
    await store.abortIncompleteWrites(new Date(Date.now() + 60_000));
  });

  it('removes folders emptied by a delete', async () => {
    const prefix = freshPrefix();
    await store.put(`${prefix}design/files/model.stl`, Buffer.from('x'));
    await store.delete(`${prefix}design/files/model.stl`);
    await expect(readdir(root)).resolves.not.toContain(prefix.slice(0, -1));
  });
});

describe('S3FileStore against s3rver', () => {
  let s3: S3TestStore;

  beforeAll(async () => {
    s3 = await startS3TestStore();
  });

  afterAll(async () => {
    await s3?.close();
  });

  const unfinishedUploads = async () =>
    (await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.options.bucket }))).Uploads ?? [];

  fileStoreContract(() => s3.store, {
    // What a put killed mid-stream leaves: a multipart upload with a part, never completed.
    leaveOne: async (key) => {
      const { UploadId } = await s3.client.send(
        new CreateMultipartUploadCommand({ Bucket: s3.options.bucket, Key: key }),
      );
      await s3.client.send(
        new UploadPartCommand({
          Bucket: s3.options.bucket,
          Key: key,
          UploadId,
          PartNumber: 1,
          Body: Buffer.alloc(1024, 7),
        }),
      );
    },
    count: async () => (await unfinishedUploads()).length,
  });

  it('saves the content type with the object', async () => {
    const { store, client } = s3;
    const key = `${freshPrefix()}photo.webp`;
    await store.put(key, Buffer.from('RIFF'), { contentType: 'image/webp' });
    await store.put(`${key}.stream`, Readable.from([Buffer.from('RIFF')]), { contentType: 'image/webp' });
    const folder = await mkdtemp(path.join(tmpdir(), 'printmarket-putfile-'));
    await writeFile(path.join(folder, 'photo.part'), 'RIFF');
    await store.putFile(`${key}.file`, path.join(folder, 'photo.part'), { contentType: 'image/webp' });
    await rm(folder, { recursive: true, force: true });
    for (const stored of [key, `${key}.stream`, `${key}.file`]) {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.options.bucket, Key: stored }));
      expect(head.ContentType).toBe('image/webp');
    }
  });
});

describe('createFileStore', () => {
  it('builds the adapter the configuration names', async () => {
    expect(await createFileStore({ kind: 'local', root: path.join(tmpdir(), 'unused') })).toBeInstanceOf(
      LocalFileStore,
    );
    const s3 = await createFileStore({
      kind: 's3',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(s3).toBeInstanceOf(S3FileStore);
    (s3 as S3FileStore).destroy();
  });
});
