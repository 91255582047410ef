import { MODEL_EXTENSIONS, PHOTO_EXTENSIONS } from '@printmarket/shared/uploads';
import { describe, expect, it } from 'vitest';
import {
  addPicked,
  cycleIndex,
  formatFileSize,
  hasExtension,
  rejectedNote,
  splitByExtension,
} from './file-selection.ts';

describe('splitByExtension', () => {
  it('keeps .stl, .3mf and .obj names for models, any case', () => {
    const names = [
      'box.stl',
      'BOX2.STL',
      'box.stl.zip',
      'box.obj',
      'Plate.3MF',
      'stl',
      'box.step',
      'photo.png',
    ].map((name) => ({ name }));
    const { accepted, rejected } = splitByExtension(names, MODEL_EXTENSIONS);
    expect(accepted.map((f) => f.name)).toEqual(['box.stl', 'BOX2.STL', 'box.obj', 'Plate.3MF']);
    expect(rejected.map((f) => f.name)).toEqual(['box.stl.zip', 'stl', 'box.step', 'photo.png']);
  });

  it('keeps .png .jpg .jpeg .gif .bmp for photos', () => {
    for (const name of ['a.png', 'a.jpg', 'a.JPEG', 'a.gif', 'a.bmp']) {
      expect(hasExtension(name, PHOTO_EXTENSIONS)).toBe(true);
    }
    for (const name of ['a.webp', 'a.svg', 'a.stl', 'a.png.exe', 'png']) {
      expect(hasExtension(name, PHOTO_EXTENSIONS)).toBe(false);
    }
  });
});

describe('addPicked', () => {
  it('appends new files with fresh ids and skips a file chosen twice', () => {
    let n = 0;
    const id = () => `f${++n}`;
    const a = new File(['aaa'], 'a.stl', { lastModified: 1 });
    const b = new File(['bb'], 'b.stl', { lastModified: 1 });
    const first = addPicked([], [a], id);
    const second = addPicked(first, [new File(['aaa'], 'a.stl', { lastModified: 1 }), b], id);
    expect(second.map((p) => [p.id, p.file.name])).toEqual([
      ['f1', 'a.stl'],
      ['f2', 'b.stl'],
    ]);
    expect(second[0]).toBe(first[0]);
  });
});

describe('formatFileSize', () => {
  it('reads like a file manager', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(20 * 1024)).toBe('20 KB');
    expect(formatFileSize(5.25 * 1024 * 1024)).toBe('5.3 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('cycleIndex', () => {
  it('wraps around both ends', () => {
    expect(cycleIndex(0, -1, 3)).toBe(2);
    expect(cycleIndex(2, 1, 3)).toBe(0);
    expect(cycleIndex(1, 1, 3)).toBe(2);
    expect(cycleIndex(0, 1, 0)).toBe(0);
  });
});

describe('rejectedNote', () => {
  it('names what was left out', () => {
    expect(rejectedNote([], 'STL')).toBeNull();
    expect(rejectedNote([{ name: 'a.txt' }], 'STL')).toBe('Not added (only STL files are accepted): a.txt');
    expect(
      rejectedNote(
        ['1', '2', '3', '4', '5'].map((name) => ({ name })),
        'STL',
      ),
    ).toBe('Not added (only STL files are accepted): 1, 2, 3 and 2 more');
  });
});
