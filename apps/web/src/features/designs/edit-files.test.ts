import { describe, expect, it } from 'vitest';
import { filterPicked, pickedKind } from './edit-files.ts';

describe('edit screen files', () => {
  it('keeps STL, 3MF and OBJ models and the photo types, drops the rest', () => {
    expect(pickedKind('Part.STL')).toBe('stl');
    expect(pickedKind('Plate.3MF')).toBe('stl');
    expect(pickedKind('photo.JPeG')).toBe('image');
    expect(pickedKind('scan.webp')).toBeNull();
    expect(pickedKind('model.stl.exe')).toBeNull();
    const picked = [
      { name: 'a.stl' },
      { name: 'b.png' },
      { name: 'c.obj' },
      { name: 'd.bmp' },
      { name: 'e.dxf' },
    ];
    expect(filterPicked(picked, 'stl').map((f) => f.name)).toEqual(['a.stl', 'c.obj']);
    expect(filterPicked(picked, 'image').map((f) => f.name)).toEqual(['b.png', 'd.bmp']);
  });
});
