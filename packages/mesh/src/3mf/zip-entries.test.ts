import fc from 'fast-check';
import { strFromU8, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MeshRejectedError } from '../mesh-errors.ts';
import { splitAt } from '../test-fixtures.ts';
import { InflateBudget } from './inflate-budget.ts';
import { PACKAGE_LIMITS } from './package-limits.ts';
import { concat, type DescriptorForm, type ZipEntrySpec, zipArchive } from './three-mf-fixtures.ts';
import { ZipEntryReader } from './zip-entries.ts';

/** Reads an archive, opening the entries whose names end in `.model`: their contents, or the refusal. */
function read(parts: Uint8Array[], wanted = (name: string) => name.endsWith('.model')) {
  const opened: string[] = [];
  const contents: Record<string, string> = {};
  const reader = new ZipEntryReader((name) => {
    opened.push(name);
    if (!wanted(name)) return null;
    const pieces: Uint8Array[] = [];
    return {
      push: (bytes) => pieces.push(bytes.slice()),
      finish: () => {
        contents[name] = strFromU8(concat(pieces));
      },
    };
  }, new InflateBudget(PACKAGE_LIMITS));
  try {
    for (const part of parts) reader.push(part);
    reader.finish();
  } catch (err) {
    if (err instanceof MeshRejectedError) return err.reason;
    throw err;
  }
  return { opened, contents };
}

const TEXT = 'a model part, long enough to be worth deflating. '.repeat(40);
const FORMS: DescriptorForm[] = ['none', 'signed', 'unsigned', 'zip64-signed', 'zip64-unsigned'];

describe('ZipEntryReader', () => {
  it('reads stored and deflated entries, with and without descriptors, ZIP64 sizes too', () => {
    const entries: ZipEntrySpec[] = [];
    for (const descriptor of FORMS) {
      entries.push({ name: `deflated-${descriptor}.model`, data: TEXT, descriptor });
      if (descriptor === 'none') entries.push({ name: 'stored.model', data: TEXT, method: 'stored' });
    }
    entries.push({ name: 'zip64-sizes.model', data: TEXT, zip64: true });
    entries.push({ name: 'empty.model', data: '', method: 'stored' });
    const archive = zipArchive(entries);
    const expected = {
      opened: entries.map((e) => e.name),
      contents: Object.fromEntries(entries.map((e) => [e.name, e.data])),
    };
    expect(read([archive])).toEqual(expected);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: archive.length }), { maxLength: 30 }), (cuts) => {
        expect(read(splitAt(archive, cuts))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('passes over entries it does not open, and directories without asking', () => {
    const archive = zipArchive([
      { name: '3D/', data: '', method: 'stored' },
      { name: 'thumbnail.png', data: TEXT, method: 'stored' },
      { name: 'settings.config', data: TEXT },
      { name: 'streamed.config', data: TEXT, descriptor: 'signed' },
      { name: 'unknown-method.bin', data: TEXT, methodNumber: 14 },
      { name: 'secret.bin', data: TEXT, encrypted: true },
      { name: 'part.model', data: TEXT },
    ]);
    const result = read([archive]);
    expect(result).toEqual({
      opened: [
        'thumbnail.png',
        'settings.config',
        'streamed.config',
        'unknown-method.bin',
        'secret.bin',
        'part.model',
      ],
      contents: { 'part.model': TEXT },
    });
  });

  it('refuses a stored entry with a data descriptor even when skipped: its end cannot be found', () => {
    expect(
      read([zipArchive([{ name: 'thumbnail.png', data: TEXT, method: 'stored', descriptor: 'signed' }])]),
    ).toBe('unreadable');
  });

  it('refuses sizes that do not match the data: in the header, in a descriptor, stored', () => {
    for (const descriptor of FORMS) {
      expect(read([zipArchive([{ name: 'a.model', data: TEXT, descriptor, sizeError: 1 }])])).toBe(
        'unreadable',
      );
    }
    expect(read([zipArchive([{ name: 'a.model', data: TEXT, method: 'stored', sizeError: 1 }])])).toBe(
      'unreadable',
    );
  });

  it('refuses a DEFLATE stream that does not end within its entry', () => {
    const archive = zipArchive([
      { name: 'a.model', data: TEXT, compressed: strToU8('not deflate data at all') },
    ]);
    expect(read([archive])).toBe('unreadable');
    const cut = zipArchive([{ name: 'a.model', data: TEXT, compressed: zipDeflated(TEXT).subarray(0, 20) }]);
    expect(read([cut])).toBe('unreadable');
  });

  it('refuses an archive without its end record, or with something else between entries', () => {
    const archive = zipArchive([{ name: 'a.model', data: TEXT }]);
    expect(read([archive.subarray(0, archive.length - 1)])).toBe('unreadable');
    expect(read([concat([archive, strToU8('trailing')])])).toBe('unreadable');
    const entryEnd = 30 + 'a.model'.length + zipDeflated(TEXT).length;
    const junk = concat([archive.subarray(0, entryEnd), strToU8('JUNK'), archive.subarray(entryEnd)]);
    expect(read([junk])).toBe('unreadable');
    // Nothing that starts like a ZIP with an entry.
    expect(read([archive.subarray(entryEnd)])).toBe('not-model');
    expect(read([strToU8('PK\x03')])).toBe('not-model');
    expect(read([strToU8('MZ\x90\x00 an executable')])).toBe('not-model');
  });
});

/** The DEFLATE data the fixtures' archive holds for `text`. */
function zipDeflated(text: string): Uint8Array {
  const archive = zipArchive([{ name: 'x', data: text }]);
  const compressedSize = new DataView(archive.buffer).getUint32(18, true);
  return archive.subarray(31, 31 + compressedSize);
}
