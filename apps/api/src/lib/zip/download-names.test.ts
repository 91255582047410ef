import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, deliveredName, uniqueNames, zipFileName } from './download-names.ts';

describe('delivered file names', () => {
  it('keeps the last path segment, cleans it and gives photos their real extension', () => {
    const stl = 'stl/0190e1a0-0000-7000-8000-000000000000.stl';
    expect(deliveredName({ kind: 'stl', name: '../../etc/passwd', storage_key: stl })).toBe('passwd.stl');
    expect(deliveredName({ kind: 'stl', name: 'C:\\models\\Rook.STL', storage_key: stl })).toBe('Rook.STL');
    expect(deliveredName({ kind: 'stl', name: '...', storage_key: stl })).toBe('model.stl');
    expect(deliveredName({ kind: 'image', name: 'holiday photo.PNG', storage_key: 'images/x.webp' })).toBe(
      'holiday photo.webp',
    );
  });

  it('names a model by its real format', () => {
    const threeMf = 'stl/0190e1a0-0000-7000-8000-000000000000.3mf';
    expect(deliveredName({ kind: 'stl', name: 'Benchy.3MF', storage_key: threeMf })).toBe('Benchy.3MF');
    expect(deliveredName({ kind: 'stl', name: 'plate', storage_key: threeMf })).toBe('plate.3mf');
    expect(deliveredName({ kind: 'stl', name: '...', storage_key: 'stl/x.obj' })).toBe('model.obj');
  });

  it('never lets a separator, quote, control character or leading dot through', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.constantFrom('image' as const, 'stl' as const),
        (name, kind) => {
          const safe = deliveredName({ kind, name, storage_key: 'stl/x.stl' });
          // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
          expect(safe).not.toMatch(/[\u0000-\u001f\u007f/\\"]/);
          expect(safe.startsWith('.')).toBe(false);
          expect(safe.length).toBeLessThanOrEqual(160);
          const header = attachmentDisposition(safe);
          expect(header).toMatch(
            /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]*$/,
          );
          expect(header.split('"')).toHaveLength(3);
        },
      ),
    );
  });

  it('gives a name in other scripts an ASCII stem for old clients', () => {
    expect(attachmentDisposition('模型.stl')).toBe(
      `attachment; filename="download.stl"; filename*=UTF-8''%E6%A8%A1%E5%9E%8B.stl`,
    );
  });

  it('numbers repeated names, ignoring case', () => {
    expect(uniqueNames(['a.stl', 'A.stl', 'a.stl', 'b'])).toEqual(['a.stl', 'A (2).stl', 'a (3).stl', 'b']);
  });

  it('names the ZIP as the product does (docs/product.md#downloads), spaces to underscores', () => {
    expect(zipFileName('Gear Box  Deluxe')).toBe('Gear_Box_Deluxe.zip');
    expect(zipFileName('Café/Bar')).toBe('Café_Bar.zip');
    expect(attachmentDisposition('Café_Bar.zip')).toBe(
      `attachment; filename="Cafe_Bar.zip"; filename*=UTF-8''Caf%C3%A9_Bar.zip`,
    );
  });
});
