import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeMesh, MeshAnalyzer } from '../analyzer.ts';
import type { MeshAnalysis, MeshWarning } from '../mesh-analysis.ts';
import {
  MAX_MODEL_TRIANGLES,
  MeshRejectedError,
  type MeshRejection,
  meshRejectionMessage,
} from '../mesh-errors.ts';
import { parseMeshPositions } from '../positions.ts';
import { BOX_FACTS, chunksOf, splitAt } from '../test-fixtures.ts';
import { asciiStl, binaryStl, box, type Triangle, torus, trianglesOf } from './stl-fixtures.ts';

const analyzeStl = (bytes: Uint8Array) => analyzeMesh('stl', bytes);
const message = (reason: MeshRejection) => meshRejectionMessage('stl', reason);
/** A real 1 x 1 PNG: what people upload by mistake. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGMwaDgAAAJUAXHIMWMAAAAAAElFTkSuQmCC',
  'base64',
);
/** Closed and curved: 2 x 24 x 12 triangles, 2 x (20 + 5) = 50 mm across, 10 mm high. */
const TORUS = torus(20, 5, 24, 12);

const BOX = box(10, 20, 30);

function analyzeParts(parts: Uint8Array[]): MeshAnalysis {
  const analyzer = new MeshAnalyzer('stl');
  for (const part of parts) analyzer.push(part);
  return analyzer.finish();
}

/** The reason a file is refused, or the analysis when it is not. */
function outcome(parts: Uint8Array[]): MeshRejection | MeshAnalysis {
  try {
    return analyzeParts(parts);
  } catch (err) {
    if (err instanceof MeshRejectedError) return err.reason;
    throw err;
  }
}

function rejection(bytes: Uint8Array): MeshRejectedError {
  try {
    analyzeStl(bytes);
  } catch (err) {
    if (err instanceof MeshRejectedError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** The floats as hexadecimal bytes: one string compares much faster than element by element. */
const bytesOf = (floats: Float32Array) =>
  Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength).toString('hex');

describe('binary and ASCII STL of the same mesh', () => {
  it('measures a 10 x 20 x 30 mm box exactly: 6 cm3, 22 cm2, closed', () => {
    expect(analyzeStl(binaryStl(BOX))).toEqual({ format: 'binary', ...BOX_FACTS });
    expect(analyzeStl(asciiStl(BOX))).toEqual({ format: 'ascii', ...BOX_FACTS });
  });

  it('gives the same analysis for curved closed meshes', () => {
    for (const mesh of [TORUS, torus(30, 2, 64, 8), torus(3, 1, 8, 4)]) {
      const binary = analyzeStl(binaryStl(mesh));
      expect(binary).toMatchObject({ format: 'binary', triangles: mesh.length, closed: true });
      expect(binary.volumeCm3).toBeGreaterThan(0);
      expect(analyzeStl(asciiStl(mesh))).toEqual({ ...binary, format: 'ascii' });
    }
    expect(analyzeStl(binaryStl(TORUS)).sizeMm.map((side) => Math.round(side * 1000) / 1000)).toEqual([
      50, 50, 10,
    ]);
  });

  it('reads ASCII however it is spaced and spelled: CRLF, tabs, exponents, capitals, a BOM, several solids', () => {
    const exponent = (value: number) => (value === 0 ? '0.000000e+00' : value.toExponential(6));
    const variants = [
      asciiStl(BOX, { newline: '\r\n' }),
      asciiStl(BOX, { indent: '\t', format: exponent }),
      asciiStl(BOX, { format: (v) => `+${v.toFixed(4)}`, name: '' }),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), asciiStl(BOX)]),
      ascii(asciiStl(BOX).toString('latin1').toUpperCase()),
      // One line break, after the name: spaces between all the rest, and no newline at the end.
      ascii(
        asciiStl(BOX, { newline: ' ' }).toString('latin1').replace('solid test ', 'solid test\n').trimEnd(),
      ),
      Buffer.concat([asciiStl(BOX.slice(0, 5), { name: 'a' }), asciiStl(BOX.slice(5), { name: 'b' })]),
      // Line ends of classic Mac OS: CR alone.
      asciiStl(BOX, { newline: '\r' }),
    ];
    for (const file of variants) {
      expect(analyzeStl(file)).toEqual({ format: 'ascii', ...BOX_FACTS });
    }
  });

  it('reads a binary file whose header starts with "solid" as binary', () => {
    for (const header of ['solid box', 'solid', 'solid\nfacet normal 0 0 0\n', `solid ${' '.repeat(70)}`]) {
      expect(analyzeStl(binaryStl(BOX, { header }))).toEqual({ format: 'binary', ...BOX_FACTS });
    }
  });

  it('takes vertices with the same coordinates as one, -0 and 0 alike', () => {
    const signed = BOX.map((t, i) => (i % 2 === 0 ? (t.map((v) => (v === 0 ? -0 : v)) as Triangle) : t));
    expect(analyzeStl(binaryStl(signed))).toEqual({ format: 'binary', ...BOX_FACTS });
    expect(analyzeStl(asciiStl(signed, { format: (v) => (Object.is(v, -0) ? '-0' : String(v)) }))).toEqual({
      format: 'ascii',
      ...BOX_FACTS,
    });
  });

  it('measures a box placed far from the origin as precisely', () => {
    const far = BOX.map((t) => t.map((v, k) => v + [1000, -2000, 500][k % 3]!) as Triangle);
    const result = analyzeStl(binaryStl(far));
    expect(result.bbox).toEqual({ min: [1000, -2000, 500], max: [1010, -1980, 530] });
    expect(result.volumeCm3).toBe(6);
    expect(result.closed).toBe(true);
  });
});

describe('files read as slicers read them', () => {
  const text = asciiStl(BOX).toString('latin1');
  const withWarnings = (format: 'binary' | 'ascii', warnings: MeshWarning[]) => ({
    ...BOX_FACTS,
    format,
    warnings,
  });

  it('reads a binary file by its size when the header count is 0 or wrong, and ignores padding', () => {
    const file = binaryStl(BOX);
    for (const declaredCount of [0, 11, 13, 1_000_000]) {
      expect(analyzeStl(binaryStl(BOX, { declaredCount }))).toEqual(
        withWarnings('binary', ['header-count-wrong']),
      );
    }
    expect(analyzeStl(binaryStl(BOX, { declaredCount: 11, header: 'solid box' }))).toEqual(
      withWarnings('binary', ['header-count-wrong']),
    );
    expect(analyzeStl(Buffer.concat([file, Buffer.alloc(3)]))).toEqual(
      withWarnings('binary', ['trailing-bytes']),
    );
  });

  it('refuses a binary file with more bytes than its count that are not whole triangles: a second solid appended', () => {
    const file = binaryStl(BOX);
    const joined = Buffer.concat([file, file]);
    expect(() => analyzeStl(joined)).toThrow(new MeshRejectedError('stl', 'size-mismatch'));
    // With a count of 0 there is no count to overrun: read by the size, padding ignored.
    expect(analyzeStl(Buffer.concat([binaryStl(BOX, { declaredCount: 0 }), Buffer.alloc(7)]))).toEqual(
      withWarnings('binary', ['header-count-wrong', 'trailing-bytes']),
    );
  });

  it('reads a binary file cut short up to its last whole triangle: open, so no volume', () => {
    const file = binaryStl(BOX);
    expect(analyzeStl(file.subarray(0, file.length - 50))).toMatchObject({
      triangles: 11,
      closed: false,
      volumeCm3: null,
      warnings: ['header-count-wrong'],
    });
    expect(analyzeStl(file.subarray(0, file.length - 10)).warnings).toEqual([
      'header-count-wrong',
      'trailing-bytes',
    ]);
  });

  it('reads ASCII with any words as normals, words after endloop and endfacet, and no endsolid', () => {
    const forgiving = [
      text.replaceAll('normal 0 0 0', 'normal nan nan nan'),
      text.replaceAll('normal 0 0 0', 'normal -nan(ind) 1.#QNAN x'),
      text.replaceAll(' normal 0 0 0', ''),
      text.replaceAll('endloop', 'endloop 3 vertices').replaceAll('endfacet', 'endfacet  // triangle'),
      text.replaceAll('FACET', 'Facet').toUpperCase(),
    ];
    for (const file of forgiving) expect(analyzeStl(ascii(file))).toEqual({ format: 'ascii', ...BOX_FACTS });
    expect(analyzeStl(ascii(text.replace('endsolid test\n', '')))).toEqual(
      withWarnings('ascii', ['no-endsolid']),
    );
    expect(analyzeStl(ascii(`${text}solid second\n`))).toEqual(withWarnings('ascii', ['no-endsolid']));
  });

  it('takes `end solid` in two words as the end of a solid, also before another solid', () => {
    const spaced = text.replace('endsolid test', 'end solid test');
    expect(analyzeStl(ascii(spaced))).toEqual({ format: 'ascii', ...BOX_FACTS });
    const twice = analyzeStl(ascii(spaced + spaced.replaceAll('vertex ', 'vertex 100')));
    expect(twice).toMatchObject({ format: 'ascii', triangles: 24, warnings: [] });
    expect(analyzeParts(chunksOf(ascii(spaced), 3))).toEqual({ format: 'ascii', ...BOX_FACTS });
    // `solid` after any other skipped word is still no STL.
    expect(() => analyzeStl(ascii(text.replace('endsolid test', 'end of solid')))).toThrow(MeshRejectedError);
  });

  it('ignores whatever follows the last endsolid: text or padding', () => {
    for (const tail of ['more text\n', '\u0000'.repeat(40), 'endsolid\n']) {
      expect(analyzeStl(ascii(text + tail))).toEqual(withWarnings('ascii', ['trailing-bytes']));
    }
  });
});

describe('size hints', () => {
  it('notes a model under 1 mm or over 2 m in every direction, and nothing in between', () => {
    expect(analyzeStl(binaryStl(box(0.5, 0.25, 0.9))).sizeHint).toBe('tiny');
    expect(analyzeStl(binaryStl(box(2500, 3000, 2001))).sizeHint).toBe('huge');
    for (const [x, y, z] of [
      [0.5, 0.5, 1],
      [2500, 3000, 2000],
      [0.1, 3000, 10],
    ] as const) {
      expect(analyzeStl(binaryStl(box(x, y, z))).sizeHint).toBeNull();
    }
  });
});

describe('closedness', () => {
  it('is false for a box with one face removed, which then has no volume', () => {
    const open = BOX.slice(0, 10);
    expect(analyzeStl(binaryStl(open))).toMatchObject({ closed: false, volumeCm3: null });
    expect(analyzeStl(asciiStl(open))).toMatchObject({ closed: false, volumeCm3: null });
  });

  it('is false with a hole of one triangle, a flipped triangle, or a third triangle on an edge', () => {
    const flipped = BOX.map((t, i) =>
      i === 3 ? ([...t.slice(3, 6), ...t.slice(0, 3), ...t.slice(6)] as Triangle) : t,
    );
    const fin: Triangle = [0, 0, 0, 10, 0, 0, 5, -5, 0];
    for (const mesh of [BOX.slice(1), flipped, [...BOX, fin]]) {
      expect(analyzeStl(binaryStl(mesh))).toMatchObject({ closed: false, volumeCm3: null });
    }
  });

  it('ignores degenerate triangles (a repeated corner) and reads two separate closed boxes as closed', () => {
    const sliver: Triangle = [0, 0, 0, 0, 0, 0, 10, 20, 30];
    const second = box(1, 1, 1).map((t) => t.map((v) => v + 50) as Triangle);
    expect(analyzeStl(binaryStl([...BOX, sliver])).closed).toBe(true);
    const both = analyzeStl(binaryStl([...BOX, ...second]));
    expect(both).toMatchObject({ closed: true, triangles: 24, volumeCm3: 6.001 });
  });

  it('is true for two boxes touching along an edge: watertight, four triangles on that edge pair up', () => {
    const diagonal = box(10, 10, 10).map((t) => t.map((v, k) => v + (k % 3 === 2 ? 0 : 10)) as Triangle);
    expect(analyzeStl(binaryStl([...box(10, 10, 10), ...diagonal]))).toMatchObject({
      closed: true,
      volumeCm3: 2,
    });
  });

  it('is false for a surface made only of degenerate triangles', () => {
    expect(analyzeStl(binaryStl([[1, 2, 3, 1, 2, 3, 4, 5, 6]])).closed).toBe(false);
  });
});

describe('files we refuse', () => {
  const expectRefused = (bytes: Uint8Array, reason: MeshRejection) => {
    const err = rejection(bytes);
    expect(err.reason).toBe(reason);
    expect(err.message).toBe(message(reason));
  };

  it('explains each problem in plain words', () => {
    expect(message('size-mismatch')).toBe(
      'This STL file is truncated or damaged: its size does not match its triangle count.',
    );
    expect(message('no-triangles')).toBe('This STL file has no triangles.');
    expect(message('invalid-coordinates')).toBe('This STL file contains invalid coordinates.');
    expect(message('unreadable')).toBe('This STL file could not be read.');
    expect(message('not-model')).toBe('This file is not an STL file (neither binary nor ASCII STL).');
  });

  it('refuses an empty file', () => {
    expectRefused(new Uint8Array(0), 'empty');
  });

  it('refuses a binary file without one whole triangle after its header', () => {
    expectRefused(binaryStl(BOX).subarray(0, 84 + 49), 'size-mismatch');
    expectRefused(binaryStl([], { declaredCount: 5 }), 'size-mismatch');
    expectRefused(binaryStl(BOX, { declaredCount: 0 }).subarray(0, 100), 'size-mismatch');
  });

  it('refuses files without triangles', () => {
    expectRefused(binaryStl([]), 'no-triangles');
    expectRefused(ascii('solid empty\nendsolid empty\n'), 'no-triangles');
  });

  it('refuses NaN and infinite coordinates, binary and ASCII', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const mesh = BOX.map((t, i) => (i === 7 ? ([...t.slice(0, 4), bad, ...t.slice(5)] as Triangle) : t));
      expectRefused(binaryStl(mesh), 'invalid-coordinates');
    }
    for (const word of ['nan', 'NaN', '-inf', 'Infinity', '1e39', '-4e38']) {
      expectRefused(asciiStl(BOX, { format: (v) => (v === 30 ? word : String(v)) }), 'invalid-coordinates');
    }
  });

  it('refuses ASCII that does not parse', () => {
    const text = asciiStl(BOX).toString('latin1');
    for (const broken of [
      text.replace('outer loop', 'outer lop'),
      text.replace(/vertex 10 20 30/, 'vertex 10 20'),
      text.replace(/vertex 10 20 30/, 'vertex 10 20 30 40'),
      text.replace(/vertex 10 20 30/, 'vertex 10 2O 30'),
      text.replace(/vertex 10 20 30/, 'vertex 0x10 20 30'),
      text.replace('endloop', 'vertex 1 2 3\nendloop'),
      text.replace('facet normal', 'facett normal'),
      // Cut inside a facet: no triangle to end on.
      text.slice(0, text.indexOf('endloop')),
      `${text.slice(0, 300)}\u0000${text.slice(300)}`,
    ]) {
      expectRefused(ascii(broken), 'unreadable');
    }
  });

  it('refuses text and other files that are not STL at all', () => {
    expectRefused(PNG, 'not-model');
    expectRefused(Buffer.concat([PNG, Buffer.alloc(500)]), 'not-model');
    expectRefused(ascii('hello'), 'not-model');
    expectRefused(
      ascii('This is not a 3D model, just some text that is long enough. '.repeat(5)),
      'not-model',
    );
    expectRefused(ascii('v 1 2 3\nv 4 5 6\nf 1 2 3\n'), 'not-model');
    expectRefused(Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(200)]), 'not-model');
  });

  it('refuses a PNG at its first chunk, without reading the rest of the upload', () => {
    const analyzer = new MeshAnalyzer('stl');
    expect(() => analyzer.push(Buffer.concat([PNG, Buffer.alloc(100_000)]))).toThrow(message('not-model'));
    expect(() => analyzer.finish()).toThrow(MeshRejectedError);
  });

  it('refuses more than MAX_MODEL_TRIANGLES triangles, streaming a 1 GB file in constant memory', () => {
    const declared = MAX_MODEL_TRIANGLES + 1;
    const header = binaryStl([], { declaredCount: declared });
    const zeros = new Uint8Array(2 ** 20);
    const analyzer = new MeshAnalyzer('stl');
    analyzer.push(header);
    let left = declared * 50;
    for (; left >= zeros.length; left -= zeros.length) analyzer.push(zeros);
    analyzer.push(zeros.subarray(0, left));
    expect(() => analyzer.finish()).toThrow(message('too-many-triangles'));
    expect(rejection(header).reason).toBe('not-model');
  });
});

describe('chunk boundaries anywhere', () => {
  const generated = binaryStl(torus(20, 5, 40, 20));
  const files = {
    binary: generated,
    'binary with a "solid" header': binaryStl(trianglesOf(generated), { header: 'solid vase' }),
    ascii: asciiStl(trianglesOf(generated).slice(0, 300), { newline: '\r\n' }),
  };

  for (const [name, file] of Object.entries(files)) {
    it(`gives the same analysis for ${name} fed in chunks of 1, 7, 50 and 4096 bytes`, () => {
      const whole = analyzeStl(file);
      for (const size of [1, 7, 50, 4096]) expect(analyzeParts(chunksOf(file, size))).toEqual(whole);
    });

    it(`gives the same analysis for ${name} split at random places`, () => {
      const whole = analyzeStl(file);
      fc.assert(
        fc.property(fc.array(fc.nat({ max: file.length }), { maxLength: 40 }), (cuts) => {
          expect(analyzeParts(splitAt(file, cuts))).toEqual(whole);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('refuses a damaged file the same way whatever the chunks', () => {
    const damaged = [
      files.binary.subarray(0, files.binary.length - 1),
      ascii(files.ascii.toString('latin1').replace('endloop', 'endlop')),
    ];
    for (const file of damaged) {
      const whole = outcome([file]);
      fc.assert(
        fc.property(fc.array(fc.nat({ max: file.length }), { maxLength: 20 }), (cuts) => {
          expect(outcome(splitAt(file, cuts))).toEqual(whole);
        }),
        { numRuns: 40 },
      );
    }
  });
});

describe('arbitrary bytes', () => {
  /** Random bytes, and random bytes made to look like the start of each kind of STL. */
  const suspicious = fc.oneof(
    fc.uint8Array({ maxLength: 400 }),
    fc
      .uint8Array({ maxLength: 400 })
      .map((tail) => Buffer.concat([ascii('solid x\n facet normal 0 0 1\n'), tail])),
    fc
      .array(fc.float(), { minLength: 9, maxLength: 54 })
      .map((values) =>
        binaryStl(
          Array.from(
            { length: Math.floor(values.length / 9) },
            (_, i) => values.slice(i * 9, i * 9 + 9) as Triangle,
          ),
        ),
      ),
    fc
      .array(
        fc.constantFrom(
          'solid',
          'facet',
          'normal',
          'outer',
          'loop',
          'vertex',
          'endloop',
          'endfacet',
          'endsolid',
          '1',
          '-2.5e1',
          'nan',
          '\n',
          ' ',
        ),
        {
          maxLength: 80,
        },
      )
      .map((words) => ascii(words.join(' '))),
  );

  it('are analysed or refused with MeshRejectedError, never anything else, whatever the chunks', () => {
    fc.assert(
      fc.property(suspicious, fc.array(fc.nat({ max: 400 }), { maxLength: 8 }), (bytes, cuts) => {
        const whole = outcome([bytes]);
        expect(outcome(splitAt(bytes, cuts))).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('triangles for rendering', () => {
  it('are 9 floats per triangle in file order, from binary and ASCII', () => {
    const expected = bytesOf(Float32Array.from(TORUS.flat()));
    expect(bytesOf(parseMeshPositions('stl', binaryStl(TORUS)))).toEqual(expected);
    expect(bytesOf(parseMeshPositions('stl', asciiStl(TORUS)))).toEqual(expected);
    // Read by its size like the analysis: the header's count does not matter.
    expect(bytesOf(parseMeshPositions('stl', binaryStl(TORUS, { declaredCount: 0 })))).toEqual(expected);
  });

  it('refuses for rendering what it refuses on upload', () => {
    expect(() => parseMeshPositions('stl', binaryStl(BOX).subarray(0, 120))).toThrow(
      message('size-mismatch'),
    );
    const nan = BOX.map((t, i) => (i === 11 ? (t.map(() => Number.NaN) as Triangle) : t));
    expect(() => parseMeshPositions('stl', binaryStl(nan))).toThrow(message('invalid-coordinates'));
  });
});
