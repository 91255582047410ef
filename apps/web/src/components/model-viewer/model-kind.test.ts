import { describe, expect, it } from 'vitest';
import { modelKindOfName } from './model-kind.ts';

describe('modelKindOfName', () => {
  it('names the kind by the extension, whatever its case', () => {
    expect(modelKindOfName('gear.stl')).toBe('stl');
    expect(modelKindOfName('Bracket.3MF')).toBe('3mf');
    expect(modelKindOfName('vase.final.Obj')).toBe('obj');
  });

  it('looks at the last extension only', () => {
    expect(modelKindOfName('part.obj.stl')).toBe('stl');
    expect(modelKindOfName('part.stl.3mf')).toBe('3mf');
  });

  it('reads any other name as STL, object property names included', () => {
    for (const name of ['model', 'model.', 'notes.txt', '.obj-backup', 'x.constructor', 'x.__proto__']) {
      expect(modelKindOfName(name)).toBe('stl');
    }
  });
});
