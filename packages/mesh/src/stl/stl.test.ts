import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateModel } from '../../seed/generators/stl-models.ts';
import { analyzeStlFile } from './analyze-file.ts';
import { parseStlTriangles, readStlTriangles } from './read-triangles.ts';
import type { StlAnalysis } from './stl-analysis.ts';
import { analyzeStl, StlAnalyzer } from './stl-analyzer.ts';
import { MAX_STL_TRIANGLES, STL_MESSAGES, StlRejectedError, type StlRejection } from './stl-errors.ts';
import { asciiStl, binaryStl, box, chunksOf, splitAt, type Triangle, trianglesOf } from './stl-fixtures.ts';

const BOX = box(10, 20, 30);
const BOX_ANALYSIS = {
  triangles: 12,
  bbox: { min: [0, 0, 0], max: [10, 20, 30] },
  sizeMm: [10, 20, 30],
  volumeCm3: 6,
  areaMm2: 2200,
  areaCm2: 22,
  closed: true,
};

function analyzeParts(parts: Uint8Array[]): StlAnalysis {
  const analyzer = new StlAnalyzer();
  for (const part of parts) analyzer.push(part);
  return analyzer.finish();
}

/** The reason a file is refused, or the analysis when it is not. */
function outcome(parts: Uint8Array[]): StlRejection | StlAnalysis {
  try {
    return analyzeParts(parts);
  } catch (err) {
    if (err instanceof StlRejectedError) return err.reason;
    throw err;
  }
}

function rejection(bytes: Uint8Array): StlRejectedError {
  try {
    analyzeStl(bytes);
  } catch (err) {
    if (err instanceof StlRejectedError) return err;
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
    expect(analyzeStl(binaryStl(BOX))).toEqual({ format: 'binary', ...BOX_ANALYSIS });
    expect(analyzeStl(asciiStl(BOX))).toEqual({ format: 'ascii', ...BOX_ANALYSIS });
  });

  it('gives the same analysis for generated demo models, both closed', () => {
    for (const kind of ['torus-ring', 'gear', 'lattice-cube'] as const) {
      const model = generateModel(kind, { seed: 7, detail: 0.2 });
      const binary = analyzeStl(model.stl);
      expect(binary).toMatchObject({ format: 'binary', triangles: model.triangles, closed: true });
      for (let axis = 0; axis < 3; axis++) {
        expect(binary.sizeMm[axis]).toBeCloseTo(model.sizeMm[axis]!, 1);
      }
      expect(binary.volumeCm3).toBeGreaterThan(0);
      const fromAscii = analyzeStl(asciiStl(trianglesOf(model.stl)));
      expect(fromAscii).toEqual({ ...binary, format: 'ascii' });
    }
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
    ];
    for (const file of variants) {
      expect(analyzeStl(file)).toEqual({ format: 'ascii', ...BOX_ANALYSIS });
    }
  });

  it('reads a binary file whose header starts with "solid" as binary', () => {
    for (const header of ['solid box', 'solid', 'solid\nfacet normal 0 0 0\n', `solid ${' '.repeat(70)}`]) {
      expect(analyzeStl(binaryStl(BOX, { header }))).toEqual({ format: 'binary', ...BOX_ANALYSIS });
    }
  });

  it('takes vertices with the same coordinates as one, -0 and 0 alike', () => {
    const signed = BOX.map((t, i) => (i % 2 === 0 ? (t.map((v) => (v === 0 ? -0 : v)) as Triangle) : t));
    expect(analyzeStl(binaryStl(signed))).toEqual({ format: 'binary', ...BOX_ANALYSIS });
    expect(analyzeStl(asciiStl(signed, { format: (v) => (Object.is(v, -0) ? '-0' : String(v)) }))).toEqual({
      format: 'ascii',
      ...BOX_ANALYSIS,
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

describe('closedness', () => {
  it('is false for a box with one face removed', () => {
    const open = BOX.slice(0, 10);
    expect(analyzeStl(binaryStl(open)).closed).toBe(false);
    expect(analyzeStl(asciiStl(open)).closed).toBe(false);
  });

  it('is false with a hole of one triangle, a flipped triangle, or a third triangle on an edge', () => {
    const flipped = BOX.map((t, i) =>
      i === 3 ? ([...t.slice(3, 6), ...t.slice(0, 3), ...t.slice(6)] as Triangle) : t,
    );
    const fin: Triangle = [0, 0, 0, 10, 0, 0, 5, -5, 0];
    for (const mesh of [BOX.slice(1), flipped, [...BOX, fin]]) {
      expect(analyzeStl(binaryStl(mesh)).closed).toBe(false);
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
  const expectRefused = (bytes: Uint8Array, reason: StlRejection) => {
    const err = rejection(bytes);
    expect(err.reason).toBe(reason);
    expect(err.message).toBe(STL_MESSAGES[reason]);
    expect(err.status).toBeGreaterThanOrEqual(400);
    expect(err.status).toBeLessThan(500);
  };

  it('explains each problem in plain words', () => {
    expect(STL_MESSAGES['size-mismatch']).toBe(
      'This STL file is truncated or damaged: its size does not match its triangle count.',
    );
    expect(STL_MESSAGES['no-triangles']).toBe('This STL file has no triangles.');
    expect(STL_MESSAGES['invalid-coordinates']).toBe('This STL file contains invalid coordinates.');
    expect(STL_MESSAGES.unreadable).toBe('This STL file could not be read.');
  });

  it('refuses an empty file', () => {
    expectRefused(new Uint8Array(0), 'empty');
  });

  it('refuses a truncated binary file, one with bytes after its triangles and one whose count is off', () => {
    const file = binaryStl(BOX);
    expectRefused(file.subarray(0, file.length - 10), 'size-mismatch');
    expectRefused(file.subarray(0, file.length - 50), 'size-mismatch');
    expectRefused(Buffer.concat([file, Buffer.alloc(3)]), 'size-mismatch');
    expectRefused(binaryStl(BOX, { declaredCount: 13 }), 'size-mismatch');
    expectRefused(binaryStl(BOX, { declaredCount: 11, header: 'solid box' }), 'size-mismatch');
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

  it('accepts "nan" in a normal, which readers recompute anyway', () => {
    const file = ascii(asciiStl(BOX).toString('latin1').replace('normal 0 0 0', 'normal nan nan nan'));
    expect(analyzeStl(file)).toEqual({ format: 'ascii', ...BOX_ANALYSIS });
  });

  it('refuses ASCII that does not parse', () => {
    const text = asciiStl(BOX).toString('latin1');
    for (const broken of [
      text.replace('endsolid test\n', ''),
      text.replace('outer loop', 'outer lop'),
      text.replace(/vertex 10 20 30/, 'vertex 10 20'),
      text.replace(/vertex 10 20 30/, 'vertex 10 20 30 40'),
      text.replace(/vertex 10 20 30/, 'vertex 10 2O 30'),
      text.replace(/vertex 10 20 30/, 'vertex 0x10 20 30'),
      `${text}solid trailing garbage\n`,
      `${text}more text\n`,
      text.replace('endloop', 'vertex 1 2 3\nendloop'),
      `${text.slice(0, 300)}\u0000${text.slice(300)}`,
    ]) {
      expectRefused(ascii(broken), 'unreadable');
    }
  });

  it('refuses text and other files that are not STL at all', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3080c0' } })
      .png()
      .toBuffer();
    expectRefused(png, 'not-stl');
    expectRefused(ascii('hello'), 'not-stl');
    expectRefused(ascii('This is not a 3D model, just some text that is long enough. '.repeat(5)), 'not-stl');
    expectRefused(ascii('v 1 2 3\nv 4 5 6\nf 1 2 3\n'), 'not-stl');
    expectRefused(Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(200)]), 'not-stl');
  });

  it('refuses a PNG at its first chunk, without reading the rest of the upload', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3080c0' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const analyzer = new StlAnalyzer();
    expect(() => analyzer.push(Buffer.concat([png, Buffer.alloc(100_000)]))).toThrow(STL_MESSAGES['not-stl']);
    expect(() => analyzer.finish()).toThrow(StlRejectedError);
  });

  it('refuses more than MAX_STL_TRIANGLES triangles, streaming a 1 GB file in constant memory', () => {
    const declared = MAX_STL_TRIANGLES + 1;
    const header = binaryStl([], { declaredCount: declared });
    const zeros = new Uint8Array(2 ** 20);
    const analyzer = new StlAnalyzer();
    analyzer.push(header);
    let left = declared * 50;
    for (; left >= zeros.length; left -= zeros.length) analyzer.push(zeros);
    analyzer.push(zeros.subarray(0, left));
    expect(() => analyzer.finish()).toThrow(STL_MESSAGES['too-many-triangles']);
    expect(rejection(header).reason).toBe('not-stl');
  });
});

describe('chunk boundaries anywhere', () => {
  const generated = generateModel('twisted-vase', { seed: 3, detail: 0 }).stl;
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

  it('are analysed or refused with StlRejectedError, never anything else, whatever the chunks', () => {
    fc.assert(
      fc.property(suspicious, fc.array(fc.nat({ max: 400 }), { maxLength: 8 }), (bytes, cuts) => {
        const whole = outcome([bytes]);
        expect(outcome(splitAt(bytes, cuts))).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('files on disk and triangles for rendering', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stl-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('analyses a file streamed from disk like the same bytes in memory', async () => {
    const model = generateModel('rook', { seed: 1, detail: 0.3 });
    const path = join(dir, 'rook.stl');
    await writeFile(path, model.stl);
    expect(await analyzeStlFile(path)).toEqual(analyzeStl(model.stl));
    await writeFile(path, model.stl.subarray(0, 1000));
    await expect(analyzeStlFile(path)).rejects.toThrow(STL_MESSAGES['size-mismatch']);
  });

  it('returns 9 floats per triangle in file order, from binary and ASCII, bytes or path', async () => {
    const triangles = trianglesOf(generateModel('gear', { seed: 2, detail: 0 }).stl);
    const expected = bytesOf(Float32Array.from(triangles.flat()));
    const binary = binaryStl(triangles);
    const text = asciiStl(triangles);
    expect(bytesOf(parseStlTriangles(binary))).toEqual(expected);
    expect(bytesOf(parseStlTriangles(text))).toEqual(expected);
    const path = join(dir, 'gear.stl');
    await writeFile(path, text);
    expect(bytesOf(await readStlTriangles(path))).toEqual(expected);
    await writeFile(path, binary);
    expect(bytesOf(await readStlTriangles(path))).toEqual(expected);
    expect(bytesOf(await readStlTriangles(binary))).toEqual(expected);
  });

  it('refuses for rendering what it refuses on upload', () => {
    expect(() => parseStlTriangles(binaryStl(BOX).subarray(0, 500))).toThrow(STL_MESSAGES['size-mismatch']);
    const nan = BOX.map((t, i) => (i === 11 ? (t.map(() => Number.NaN) as Triangle) : t));
    expect(() => parseStlTriangles(binaryStl(nan))).toThrow(STL_MESSAGES['invalid-coordinates']);
  });
});
