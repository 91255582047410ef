import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { type StoredZipEntry, storedZip } from './stored-zip.ts';

/** Every entry read back with yauzl, which checks each CRC-32 and size against the directory. */
function unzip(bytes: Buffer): Promise<{ name: string; data: Buffer; mtime: Date }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true },
      (err, zip) => {
        if (err || !zip) return reject(err);
        const out: { name: string; data: Buffer; mtime: Date }[] = [];
        zip.on('entry', (entry: yauzl.Entry) => {
          zip.openReadStream(entry, async (openErr, stream) => {
            if (openErr || !stream) return reject(openErr);
            try {
              const chunks: Buffer[] = [];
              for await (const chunk of stream) chunks.push(chunk as Buffer);
              out.push({ name: entry.fileName, data: Buffer.concat(chunks), mtime: entry.getLastModDate() });
              zip.readEntry();
            } catch (readErr) {
              reject(readErr);
            }
          });
        });
        zip.on('end', () => resolve(out));
        zip.on('error', reject);
        zip.readEntry();
      },
    );
  });
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An entry served in small chunks, as storage streams it. */
function entry(name: string, data: Buffer, size = data.length): StoredZipEntry {
  return {
    name,
    size,
    open: async () => Readable.from(chunked(data, 7000)),
  };
}

function* chunked(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

const files = [
  { name: 'gear.stl', data: randomBytes(150_000) },
  { name: 'empty.stl', data: Buffer.alloc(0) },
  { name: 'Zahnrad – groß.stl', data: randomBytes(3) },
];
const mtime = new Date(2026, 10, 21, 14, 30, 42);

describe('storedZip', () => {
  for (const forceZip64 of [false, true]) {
    it(`writes entries a ZIP reader accepts, byte for byte, with the announced length${forceZip64 ? ' (ZIP64 records)' : ''}`, async () => {
      const zip = storedZip(
        files.map((f) => entry(f.name, f.data)),
        { mtime, forceZip64 },
      );
      const bytes = await collect(zip.stream);
      expect(bytes.length).toBe(zip.size);
      const read = await unzip(bytes);
      expect(read.map((r) => r.name)).toEqual(files.map((f) => f.name));
      for (const [i, r] of read.entries()) expect(Buffer.compare(r.data, files[i]!.data)).toBe(0);
      // DOS time keeps two-second steps.
      expect(read[0]!.mtime.getTime()).toBe(new Date(2026, 10, 21, 14, 30, 42).getTime());
    });
  }

  it('writes an empty archive for no entries', async () => {
    const zip = storedZip([], { mtime });
    const bytes = await collect(zip.stream);
    expect(bytes.length).toBe(22);
    expect(await unzip(bytes)).toEqual([]);
  });

  it('fails the stream when a stored file is not the announced size', async () => {
    for (const size of [100, 300]) {
      const zip = storedZip([entry('short.stl', randomBytes(200), size)], { mtime });
      await expect(collect(zip.stream)).rejects.toThrow(`short.stl: `);
    }
  });

  it('opens one entry at a time and stops reading when aborted', async () => {
    const opened: string[] = [];
    let reads = 0;
    let destroyed = false;
    const endless = (): StoredZipEntry => ({
      name: 'big.stl',
      size: 10 * 1024 * 1024,
      open: async () => {
        opened.push('big.stl');
        // A source that stalls after its first chunk: far from its end when the download is aborted.
        const source = new Readable({
          read() {
            reads += 1;
            if (reads === 1) this.push(Buffer.alloc(64 * 1024));
          },
        });
        source.on('close', () => {
          destroyed = true;
        });
        return source;
      },
    });
    const zip = storedZip([endless(), { ...endless(), name: 'second.stl' }], { mtime });
    const first = await new Promise<Buffer>((resolve) => zip.stream.once('data', resolve));
    expect(first.readUInt32LE(0)).toBe(0x04034b50);
    // Asked for more of the first entry: from here on it waits for that entry, not the next.
    await vi.waitFor(() => expect(reads).toBeGreaterThan(1));
    expect(opened).toEqual(['big.stl']);
    zip.abort();
    await vi.waitFor(() => expect(destroyed).toBe(true));
    expect(zip.stream.destroyed).toBe(true);
    expect(opened).toEqual(['big.stl']);
  });
});
