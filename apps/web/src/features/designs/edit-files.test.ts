import { describe, expect, it } from 'vitest';
import { filterPicked, parseEditPrice, pickedKind } from './edit-files.ts';

describe('edit screen files and price', () => {
  it('keeps STL files and the photo types, drops the rest', () => {
    expect(pickedKind('Part.STL')).toBe('stl');
    expect(pickedKind('photo.JPeG')).toBe('image');
    expect(pickedKind('scan.webp')).toBeNull();
    expect(pickedKind('model.stl.exe')).toBeNull();
    const picked = [{ name: 'a.stl' }, { name: 'b.png' }, { name: 'c.obj' }, { name: 'd.bmp' }];
    expect(filterPicked(picked, 'stl').map((f) => f.name)).toEqual(['a.stl']);
    expect(filterPicked(picked, 'image').map((f) => f.name)).toEqual(['b.png', 'd.bmp']);
  });

  it('needs a price above 0 for paid designs and sends 0 for free ones', () => {
    expect(parseEditPrice(false, 'anything')).toBe(0);
    expect(parseEditPrice(true, '4.99')).toBe(4.99);
    expect(parseEditPrice(true, ' 12 ')).toBe(12);
    expect(parseEditPrice(true, '0')).toBeNull();
    expect(parseEditPrice(true, '0.00')).toBeNull();
    expect(parseEditPrice(true, '')).toBeNull();
    expect(parseEditPrice(true, '-3')).toBeNull();
    expect(parseEditPrice(true, '1.999')).toBeNull();
    expect(parseEditPrice(true, 'abc')).toBeNull();
  });
});
