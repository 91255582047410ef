import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

/** The behaviour every FileStore adapter must show; run once per adapter. */
function fileStoreContract(getStore: () => FileStore) {
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

  fileStoreContract(() => store);

  const tempEntries = async () => readdir(store.tempFolder).catch(() => []);

  it('leaves no file and nothing in .tmp after a failed stream', async () => {
    const key = `${freshPrefix()}broken.stl`;
    await expect(store.put(key, failingStream(1024 * 1024))).rejects.toThrow('client went away');
    expect(await store.stat(key)).toBeNull();
    expect(await tempEntries()).toEqual([]);
  });

  it('sweepTemp removes what interrupted writes left and nothing else', async () => {
    const key = `${freshPrefix()}kept.stl`;
    await store.put(key, Buffer.from('kept'));
    await mkdir(store.tempFolder, { recursive: true });
    await writeFile(path.join(store.tempFolder, 'crashed-1.part'), 'half a file');
    await mkdir(path.join(store.tempFolder, 'odd-folder'));
    expect(await tempEntries()).toHaveLength(2);

    await expect(store.sweepTemp()).resolves.toBe(2);
    expect(await tempEntries()).toEqual([]);
    expect(await read(store, key)).toBe('kept');
  });

  it('never lists temp files', async () => {
    await mkdir(store.tempFolder, { recursive: true });
    await writeFile(path.join(store.tempFolder, 'in-progress.part'), 'partial');
    expect((await collect(store.list(''))).filter((key) => key.includes('.tmp'))).toEqual([]);
    await store.sweepTemp();
  });

  it('removes folders emptied by a delete', async () => {
    const prefix = freshPrefix();
    await store.put(`${prefix}design/files/model.stl`, Buffer.from('x'));
    await store.delete(`${prefix}design/files/model.stl`);
    await expect(readdir(root)).resolves.not.toContain(prefix.slice(0, -1));
  });
});

describe('S3FileStore against s3rver', () => {
  const bucket = 'printmarket-test';
  let directory: string;
  let server: S3rver;
  let store: S3FileStore;
  let client: S3Client;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
    const { port } = await server.run();
    const connection = {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      // s3rver checks signatures against these fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    client = new S3Client({
      ...connection,
      credentials: { accessKeyId: connection.accessKeyId, secretAccessKey: connection.secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    store = new S3FileStore({ bucket, ...connection });
  });

  afterAll(async () => {
    store?.destroy();
    client?.destroy();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  fileStoreContract(() => store);

  it('saves the content type with the object', async () => {
    const key = `${freshPrefix()}photo.webp`;
    await store.put(key, Buffer.from('RIFF'), { contentType: 'image/webp' });
    await store.put(`${key}.stream`, Readable.from([Buffer.from('RIFF')]), { contentType: 'image/webp' });
    const folder = await mkdtemp(path.join(tmpdir(), 'printmarket-putfile-'));
    await writeFile(path.join(folder, 'photo.part'), 'RIFF');
    await store.putFile(`${key}.file`, path.join(folder, 'photo.part'), { contentType: 'image/webp' });
    await rm(folder, { recursive: true, force: true });
    for (const stored of [key, `${key}.stream`, `${key}.file`]) {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: stored }));
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
