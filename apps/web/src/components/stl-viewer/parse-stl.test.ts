import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStl, StlParseError } from './parse-stl.ts';

type Triangle = number[]; // nine coordinates: three vertices

const TETRAHEDRON: Triangle[] = [
  [0, 0, 0, 10, 0, 0, 0, 20, 0],
  [0, 0, 0, 0, 20, 0, 0, 0, 30],
  [0, 0, 0, 0, 0, 30, 10, 0, 0],
  [10, 0, 0, 0, 0, 30, 0, 20, 0],
];

function binaryStl(triangles: Triangle[], header = 'binary test file'): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  bytes.set(new TextEncoder().encode(header).subarray(0, 80));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  for (const [t, triangle] of triangles.entries()) {
    const start = 84 + 50 * t;
    view.setFloat32(start + 8, 1, true); // a normal of (0, 0, 1), which the parser ignores
    for (const [i, value] of triangle.entries()) view.setFloat32(start + 12 + 4 * i, value, true);
  }
  return bytes;
}

function asciiStl(triangles: Triangle[], name = 'test'): string {
  const facets = triangles.map((t) =>
    [
      '  facet normal 0 0 1',
      '    outer loop',
      `      vertex ${t[0]} ${t[1]} ${t[2]}`,
      `      vertex ${t[3]} ${t[4]} ${t[5]}`,
      `      vertex ${t[6]} ${t[7]} ${t[8]}`,
      '    endloop',
      '  endfacet',
    ].join('\n'),
  );
  return `solid ${name}\n${facets.join('\n')}\nendsolid ${name}\n`;
}

const ascii = (text: string) => new TextEncoder().encode(text);

function expectParseError(data: Uint8Array, message: RegExp) {
  expect(() => parseStl(data)).toThrow(StlParseError);
  expect(() => parseStl(data)).toThrow(message);
}

describe('parseStl', () => {
  it('reads a binary STL: positions of every vertex, triangle count and bounding box', () => {
    const result = parseStl(binaryStl(TETRAHEDRON).buffer);
    expect(result.triangleCount).toBe(4);
    expect(Array.from(result.positions)).toEqual(TETRAHEDRON.flat());
    expect(result.boundingBox).toEqual({ min: [0, 0, 0], max: [10, 20, 30] });
  });

  it('reads an ASCII STL, including exponents, signs and several solids in one file', () => {
    const text = `${asciiStl(TETRAHEDRON.slice(0, 2), 'a')}${asciiStl(
      [[-1.5e1, 2.5, +3, 1e-3, 0, 0, 0, 0, 7]],
      'b',
    )}`;
    const result = parseStl(ascii(text));
    expect(result.triangleCount).toBe(3);
    expect(Array.from(result.positions.subarray(18))).toEqual(
      Array.from(new Float32Array([-15, 2.5, 3, 0.001, 0, 0, 0, 0, 7])),
    );
    expect(result.boundingBox).toEqual({ min: [-15, 0, 0], max: [10, 20, 30] });
  });

  it('reads ASCII with Windows line ends, tabs, upper case keywords and leading blank lines', () => {
    const text = asciiStl(TETRAHEDRON).toUpperCase().replaceAll('\n', '\r\n').replaceAll('  ', '\t');
    const result = parseStl(ascii(`\r\n  ${text}`));
    expect(result.triangleCount).toBe(4);
    expect(Array.from(result.positions)).toEqual(TETRAHEDRON.flat());
  });

  it('reads a binary file whose header begins with "solid" as binary, not ASCII', () => {
    const bytes = binaryStl(TETRAHEDRON, 'solid exported by a CAD tool');
    const result = parseStl(bytes);
    expect(result.triangleCount).toBe(4);
    expect(Array.from(result.positions)).toEqual(TETRAHEDRON.flat());
  });

  it('reads the announced triangles of a binary file padded at the end', () => {
    const padded = new Uint8Array(binaryStl(TETRAHEDRON).length + 17);
    padded.set(binaryStl(TETRAHEDRON));
    expect(parseStl(padded).triangleCount).toBe(4);
  });

  it('reads a view into a larger buffer (a Uint8Array with an offset)', () => {
    const stl = binaryStl(TETRAHEDRON);
    const larger = new Uint8Array(stl.length + 10);
    larger.set(stl, 10);
    expect(parseStl(larger.subarray(10)).triangleCount).toBe(4);
  });

  it('rejects a truncated binary file, even one whose header begins with "solid"', () => {
    const whole = binaryStl(TETRAHEDRON);
    expectParseError(whole.subarray(0, whole.length - 30), /truncated/);
    const solid = binaryStl(TETRAHEDRON, 'solid part');
    expectParseError(solid.subarray(0, solid.length - 30), /truncated/);
  });

  it('rejects an ASCII file cut off in the middle of a facet', () => {
    const text = asciiStl(TETRAHEDRON);
    const cut = text.slice(0, text.lastIndexOf('vertex'));
    expectParseError(ascii(cut), /truncated/);
  });

  it('rejects garbage: empty, too short, text that is not STL, random bytes', () => {
    expectParseError(new Uint8Array(0), /empty/);
    expectParseError(ascii('hello'), /not an STL file/);
    expectParseError(new Uint8Array([0, 1, 2, 3]), /too short/);
    expectParseError(ascii('This is a README, not a 3D model. '.repeat(10)), /not an STL file/);
    expectParseError(ascii('solid nothing here\nendsolid\n'), /no triangles/);
    const random = new Uint8Array(4096).map((_, i) => (i * 2654435761) >>> 24);
    expect(() => parseStl(random)).toThrow(StlParseError);
  });

  it('rejects a binary file that announces no triangles', () => {
    expectParseError(binaryStl([]), /no triangles/);
  });

  it('skips triangles with NaN or infinite coordinates and keeps the others', () => {
    const broken = [...TETRAHEDRON, [Number.NaN, 0, 0, 1, 1, 1, 2, 2, 2], [0, 0, 0, 1, Infinity, 0, 1, 1, 1]];
    const result = parseStl(binaryStl(broken));
    expect(result.triangleCount).toBe(4);
    expect(Array.from(result.positions)).toEqual(TETRAHEDRON.flat());
    expect(result.boundingBox).toEqual({ min: [0, 0, 0], max: [10, 20, 30] });

    const text = asciiStl(TETRAHEDRON.slice(0, 1)).replace(
      'endsolid',
      'facet normal 0 0 0\nouter loop\nvertex nan 0 0\nvertex 1 1 1\nvertex 2 2 2\nendloop\nendfacet\nendsolid',
    );
    expect(parseStl(ascii(text)).triangleCount).toBe(1);
  });

  it('rejects a file in which every triangle has invalid numbers', () => {
    expectParseError(binaryStl([[Number.NaN, 0, 0, 0, 0, 0, 0, 0, 0]]), /no valid triangles/);
    expectParseError(
      ascii(asciiStl([[0, 0, 0, 1, 1, 1, 2, 2, 2]]).replace('vertex 0 0 0', 'vertex 0 x 0')),
      /no valid triangles/,
    );
  });

  it('gives the same triangles from the binary and the ASCII form of any mesh', () => {
    // -0 is written as "0" in ASCII, so it is compared as 0.
    const coordinate = fc
      .float({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
      .map((value) => (value === 0 ? 0 : value));
    const triangle = fc.array(coordinate, { minLength: 9, maxLength: 9 });
    fc.assert(
      fc.property(fc.array(triangle, { minLength: 1, maxLength: 40 }), (triangles) => {
        const expected = Array.from(new Float32Array(triangles.flat()));
        expect(Array.from(parseStl(binaryStl(triangles)).positions)).toEqual(expected);
        expect(Array.from(parseStl(ascii(asciiStl(triangles))).positions)).toEqual(expected);
      }),
    );
  });

  it('answers any bytes with a result or a StlParseError, never another exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        try {
          const { positions, triangleCount } = parseStl(bytes);
          expect(positions.length).toBe(triangleCount * 9);
          expect(positions.every(Number.isFinite)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(StlParseError);
        }
      }),
    );
  });
});
