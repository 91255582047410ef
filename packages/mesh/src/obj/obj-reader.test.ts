import { describe, expect, it } from 'vitest';
import { analyzeMesh } from '../analyzer.ts';
import { parseMeshPositions } from '../positions.ts';
import { binaryStl, box } from '../stl/stl-fixtures.ts';
import { BOX_FACTS } from '../test-fixtures.ts';
import { boxObj, CORNER_FORMS, edit, latin1, objFile } from './obj-fixtures.ts';

const BOX_OBJ = boxObj(10, 20, 30);
const boxText = () => String.fromCharCode(...BOX_OBJ);

describe('an OBJ box of quads', () => {
  it('measures 10 x 20 x 30 mm exactly: 6 cm3, 22 cm2, closed', () => {
    expect(analyzeMesh('obj', BOX_OBJ)).toEqual({ format: 'obj', ...BOX_FACTS });
  });

  it('gives exactly the analysis of the same box as binary STL, but for the format', () => {
    const stl = analyzeMesh('stl', binaryStl(box(10, 20, 30)));
    expect(analyzeMesh('obj', BOX_OBJ)).toEqual({ ...stl, format: 'obj' });
  });

  it('reads negative (relative) vertex numbers as 1-based ones', () => {
    const relative = boxObj(10, 20, 30, { relative: true });
    expect(String.fromCharCode(...relative)).toContain('f -8 -6 -5 -7');
    expect(analyzeMesh('obj', relative)).toEqual({ format: 'obj', ...BOX_FACTS });
  });

  for (const form of CORNER_FORMS) {
    it(`reads corners written ${form}, positive and negative`, () => {
      for (const relative of [false, true]) {
        expect(analyzeMesh('obj', boxObj(10, 20, 30, { form, relative }))).toEqual({
          format: 'obj',
          ...BOX_FACTS,
        });
      }
    });
  }

  it('reads faces whose corners mix the forms', () => {
    const mixed = `v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvt 0 0\nvn 0 0 1\nf 1 3/1 2//1 4/1/1\n`;
    expect(analyzeMesh('obj', latin1(mixed)).triangles).toBe(2);
  });
});

describe('polygons', () => {
  it('fans a face of n corners into (0, i, i + 1), in file order', () => {
    const pentagon = 'v 0 0 0\nv 2 0 0\nv 3 1 0\nv 1 3 0\nv -1 1 0\nf 1 2 3 4 5\n';
    const corners = [
      [0, 0, 0],
      [2, 0, 0],
      [3, 1, 0],
      [1, 3, 0],
      [-1, 1, 0],
    ];
    const fan = [0, 1, 2, 0, 2, 3, 0, 3, 4].flatMap((k) => corners[k]!);
    expect(parseMeshPositions('obj', latin1(pentagon))).toEqual(Float32Array.from(fan));
  });

  it('measures a prism with octagonal ends: 28 triangles, closed, its exact volume and area', () => {
    // A convex octagon of area 3 x 3 - 4 corners of 1/2 = 7, extruded 10 mm.
    const octagon = [
      [1, 0],
      [2, 0],
      [3, 1],
      [3, 2],
      [2, 3],
      [1, 3],
      [0, 2],
      [0, 1],
    ];
    const vertices = [...octagon.map(([x, y]) => [x!, y!, 0]), ...octagon.map(([x, y]) => [x!, y!, 10])];
    const sides = octagon.map((_, i) => [i, (i + 1) % 8, 8 + ((i + 1) % 8), 8 + i]);
    const bottom = [7, 6, 5, 4, 3, 2, 1, 0];
    const top = [8, 9, 10, 11, 12, 13, 14, 15];
    const analysis = analyzeMesh('obj', objFile(vertices, [bottom, top, ...sides]));
    expect(analysis).toMatchObject({ triangles: 28, closed: true, sizeMm: [3, 3, 10] });
    expect(analysis.volumeCm3).toBeCloseTo(0.07, 12);
    // Two ends of 7 mm2, four sides of 1 x 10 and four of sqrt(2) x 10.
    expect(analysis.areaMm2).toBeCloseTo(14 + 40 + 40 * Math.SQRT2, 9);
  });

  it('skips faces of fewer than three corners and warns once', () => {
    const text = `${boxText()}f 1 2\nf -1\nf\nf 3 4 # a comment\n`;
    expect(analyzeMesh('obj', latin1(text))).toEqual({
      format: 'obj',
      ...BOX_FACTS,
      warnings: ['short-face'],
    });
    // Also a face without corners at the very end, with no line end after it.
    expect(analyzeMesh('obj', latin1(`${boxText()}f`)).warnings).toEqual(['short-face']);
  });
});

describe('what is not geometry', () => {
  it('ignores comments, groups, objects, smoothing, materials, texture and normal data, lines and curves', () => {
    const noisy = [
      '# Exported by a modeller',
      '#no space after the hash',
      'mtllib box.mtl other.mtl',
      '',
      '   ',
      'o Box',
      'g side one',
      'usemtl Red Plastic',
      's off',
      'vt 0.25 0.75',
      'vn 0 0 1',
      'vp 0.5 0.5',
      'l 1 2 3',
      'p 1',
      'cstype bezier',
      'deg 3',
      'curv 0 1 1 2 3 4',
      'parm u 0 1',
      'end',
      'vertex 1 2 3',
      'fo 1 2 3',
    ];
    // Every kind of noise first, then some between the box's statements, which get comments too.
    const statements = boxText().split('\n');
    const interleaved = statements.flatMap((line, i) => [noisy[i]!, line && ` \t${line} # with a comment`]);
    expect(analyzeMesh('obj', latin1([...noisy, ...interleaved].join('\n')))).toEqual({
      format: 'obj',
      ...BOX_FACTS,
    });
  });

  it('ignores a vertex w and vertex colours after x, y, z', () => {
    const text = edit(
      boxText(),
      ['v 0 0 0', 'v 0 0 0 1'],
      ['v 10 0 0', 'v 10 0 0 0.5 0.25 0.125'],
      ['v 0 20 0', 'v 0 20 0 1 0 0 1'],
    );
    expect(analyzeMesh('obj', latin1(text))).toEqual({ format: 'obj', ...BOX_FACTS });
  });

  it('reads names and comments in UTF-8', () => {
    const text = `# Würfel – 立方体\no Würfel\nusemtl 材料\n${boxText()}`;
    expect(analyzeMesh('obj', new TextEncoder().encode(text))).toEqual({ format: 'obj', ...BOX_FACTS });
  });

  it('skips a UTF-8 byte order mark before the first statement', () => {
    const withMark = new Uint8Array([0xef, 0xbb, 0xbf, ...BOX_OBJ]);
    expect(analyzeMesh('obj', withMark)).toEqual({ format: 'obj', ...BOX_FACTS });
    // Bytes that only begin like a mark begin a keyword that is not `v`, skipped with its statement.
    for (const notMark of ['\u00ef', '\u00ef\u00bb']) {
      const text = `${notMark}v 5 5 5\n${boxText()}`;
      expect(analyzeMesh('obj', latin1(text))).toEqual({ format: 'obj', ...BOX_FACTS });
    }
  });

  it('reads numbers in every decimal notation', () => {
    const text = edit(boxText(), ['v 10 20 30', 'v 1e1 +2.0E+1 300e-1'], ['v 0 0 30', 'v -0 .0e0 30.']);
    expect(analyzeMesh('obj', latin1(text))).toEqual({ format: 'obj', ...BOX_FACTS });
  });
});

describe('line ends', () => {
  for (const [name, newline] of [
    ['CRLF', '\r\n'],
    ['CR alone', '\r'],
    ['LF', '\n'],
  ]) {
    it(`reads lines ended by ${name}, with or without a final line end`, () => {
      const file = boxObj(10, 20, 30, { newline, form: 'v/vt/vn' });
      expect(analyzeMesh('obj', file)).toEqual({ format: 'obj', ...BOX_FACTS });
      expect(analyzeMesh('obj', file.subarray(0, file.length - newline!.length))).toEqual({
        format: 'obj',
        ...BOX_FACTS,
      });
    });
  }

  it('continues a statement after a backslash at the end of its line, whatever the line end', () => {
    for (const newline of ['\n', '\r\n', '\r']) {
      const text = edit(
        boxText().replaceAll('\n', newline),
        ['f 1 3 4 2', `f 1 3 \\${newline}4 2`],
        ['v 10 20 30', `v \\  ${newline}10\\${newline} 20 \\${newline}30`],
        ['v 0 0 30', `v\\${newline}0 0 30`],
        ['f 5 6 8 7', `\\${newline}f 5 6 8 7`],
      );
      expect(analyzeMesh('obj', latin1(text))).toEqual({ format: 'obj', ...BOX_FACTS });
    }
  });

  it('continues skipped statements too, but not comments', () => {
    // The continued `g` takes the line after it; the comment does not, so its next line is read.
    const text = `g part \\\nf 1 2 3 4 5 6 7 8 9\n# not continued \\\n${boxText()}`;
    expect(analyzeMesh('obj', latin1(text))).toEqual({ format: 'obj', ...BOX_FACTS });
  });

  it('takes a backslash within a skipped statement or a comment as text', () => {
    // `\f` at the start of a line is a keyword that is not `f`: its statement is skipped.
    const text = `mtllib C:\\models\\box.mtl\n# C:\\models\\\n\\f 1 2 99\n${boxText()}`;
    expect(analyzeMesh('obj', latin1(text))).toEqual({ format: 'obj', ...BOX_FACTS });
  });
});
