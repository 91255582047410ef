import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeMesh } from '../analyzer.ts';
import { MeshRejectedError } from '../mesh-errors.ts';
import { MeshStats } from '../mesh-stats.ts';
import { binaryStl, box, type Triangle } from '../stl/stl-fixtures.ts';
import { chunksOf, splitAt } from '../test-fixtures.ts';
import {
  boxObj,
  CORNER_FORMS,
  type CornerForm,
  edit,
  latin1,
  objOutcome,
  triangleSoupObj,
} from './obj-fixtures.ts';
import { ObjReader } from './obj-reader.ts';

const boxText = (newline = '\n') => String.fromCharCode(...boxObj(10, 20, 30, { newline, form: 'v/vt/vn' }));

/** Files that use every part of the syntax, read whole or in parts. */
const FILES = {
  'CRLF, a byte order mark, comments, groups, materials, negative numbers': latin1(
    `\u00ef\u00bb\u00bf# box\r\nmtllib box.mtl\r\no box\r\ng side\r\nusemtl red\r\ns 1\r\n${String.fromCharCode(
      ...boxObj(10, 20, 30, { newline: '\r\n', relative: true, form: 'v//vn' }),
    )}`,
  ),
  'CR alone, continuation lines, short faces, trailing comments': latin1(
    edit(
      boxText('\r'),
      ['f 1/1/1 3/1/1 4/1/1 2/1/1', 'f 1/1/1 3/1/1 \\\r4/1/1 2/1/1 # bottom\rf 1 2'],
      ['v 10 20 30', 'v 10 \\\r\n20 30 1.0'],
    ),
  ),
  'a generated mesh of 3,000 triangles': triangleSoupObj(randomTriangles(3000, 7), { relative: true }),
  'a damaged file': latin1(edit(boxText(), ['f 5/1/1 6/1/1 8/1/1 7/1/1', 'f 5 6 8 9'])),
  'a file with a word cut short': latin1(edit(boxText(), ['v 10 20 30', 'v 10 20 3e'])),
};

describe('chunk boundaries anywhere', () => {
  for (const [name, file] of Object.entries(FILES)) {
    it(`gives the same outcome for ${name} in chunks of 1, 2, 7 and 4096 bytes`, () => {
      const whole = objOutcome([file]);
      for (const size of [1, 2, 7, 4096]) expect(objOutcome(chunksOf(file, size))).toEqual(whole);
    });

    it(`gives the same outcome for ${name} split at random places`, () => {
      const whole = objOutcome([file]);
      fc.assert(
        fc.property(fc.array(fc.nat({ max: file.length }), { maxLength: 40 }), (cuts) => {
          expect(objOutcome(splitAt(file, cuts))).toEqual(whole);
        }),
        { numRuns: 100 },
      );
    });
  }

  it('reads the files above as intended', () => {
    const outcomes = Object.values(FILES).map((file) => objOutcome([file]));
    const stlBox = analyzeMesh('stl', binaryStl(box(10, 20, 30)));
    expect(outcomes[0]).toEqual({ ...stlBox, format: 'obj' });
    expect(outcomes[1]).toEqual({ ...stlBox, format: 'obj', warnings: ['short-face'] });
    expect(outcomes[2]).toMatchObject({ triangles: 3000 });
    expect(outcomes.slice(3)).toEqual(['bad-index', 'unreadable']);
  });
});

describe('triangles stream', () => {
  it('reach the sink while the file is read, before its end', () => {
    // Each triangle's vertices just before it: faces all through the file.
    const file = triangleSoupObj(randomTriangles(5000, 3), { relative: true });
    let sink: MeshStats | null = null;
    const reader = new ObjReader(() => {
      sink = new MeshStats();
      return sink;
    });
    const half = file.length >> 1;
    reader.push(file.subarray(0, half));
    // By half of the file, about 2,500 triangles were read: two full batches handed over.
    expect((sink as MeshStats | null)?.triangles).toBe(2048);
    reader.push(file.subarray(half));
    const { format, sink: finished, warnings } = reader.finish();
    expect({ format, triangles: finished.triangles, warnings }).toEqual({
      format: 'obj',
      triangles: 5000,
      warnings: [],
    });
  });
});

describe('arbitrary bytes', () => {
  const words = [
    'v',
    'f',
    'vt',
    'vn',
    'g',
    '#',
    '\\',
    '1',
    '-1',
    '2',
    '-3',
    '0',
    '1/2/3',
    '2//1',
    '-1/1',
    '0.5',
    '-2.5e1',
    'nan',
    '1e39',
    '\n',
    '\r',
    '\r\n',
    ' ',
    '\t',
    '\u00ef\u00bb\u00bf',
  ];
  /**
   * Statements, mostly well formed, with all kinds of line ends between them, after four vertices
   * (so that faces usually name vertices that exist).
   */
  const number = fc.oneof(
    { weight: 50, arbitrary: fc.constantFrom('0', '1', '-1', '2.5', '-3e1', '.5', '+7') },
    { weight: 1, arbitrary: fc.constantFrom('nan', '1e39', 'x', '1.#IND', '1/2') },
  );
  const corner = fc
    .tuple(
      fc.oneof(
        { weight: 50, arbitrary: fc.constantFrom(1, 2, 3, 4, -1, -2, -3, -4) },
        { weight: 1, arbitrary: fc.integer() },
      ),
      fc.oneof(
        { weight: 50, arbitrary: fc.constantFrom('', '/1', '//1', '/1/1') },
        { weight: 1, arbitrary: fc.constantFrom('/', '/x', '/1/1/1') },
      ),
    )
    .map(([vertex, rest]) => `${vertex}${rest}`);
  const statement = fc.oneof(
    {
      weight: 10,
      arbitrary: fc.array(number, { minLength: 3, maxLength: 3 }).map((xyz) => `v ${xyz.join(' ')}`),
    },
    { weight: 1, arbitrary: fc.array(number, { maxLength: 6 }).map((xyz) => `v ${xyz.join(' ')}`) },
    { weight: 10, arbitrary: fc.array(corner, { maxLength: 6 }).map((corners) => `f ${corners.join(' ')}`) },
    {
      weight: 5,
      arbitrary: fc.constantFrom('# comment', 'g part', 'vt 0 0', 'vn 0 0 1', 'usemtl a', '', '\\'),
    },
  );
  const lineEnd = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom('\n', '\r\n', '\r') },
    { weight: 1, arbitrary: fc.constantFrom(' \\\n', '\\\r\n', ' # note\n', '\\\r') },
  );
  const statements = fc
    .array(fc.tuple(statement, lineEnd), { maxLength: 30 })
    .map((lines) =>
      latin1(`v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\n${lines.map(([line, end]) => line + end).join('')}`),
    );

  /** Random bytes, OBJ words in random order, statements, and valid files with bytes changed. */
  const suspicious = fc.oneof(
    statements,
    fc.uint8Array({ maxLength: 300 }),
    fc.array(fc.constantFrom(...words), { maxLength: 80 }).map((picked) => latin1(picked.join(' '))),
    fc.array(fc.constantFrom(...words), { maxLength: 80 }).map((picked) => latin1(picked.join(''))),
    fc
      .tuple(fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }))
      .map(([which, changes]) => {
        const files = Object.values(FILES).slice(0, 2);
        const file = files[which % files.length]!.slice();
        for (const [at, value] of changes) file[at % file.length] = value;
        return file;
      }),
  );

  it('are read or refused with MeshRejectedError, never anything else, the same whatever the chunks', () => {
    fc.assert(
      fc.property(suspicious, fc.array(fc.nat({ max: 400 }), { maxLength: 8 }), (bytes, cuts) => {
        // objOutcome rethrows anything that is not a MeshRejectedError, failing the property.
        const whole = objOutcome([bytes]);
        expect(objOutcome(splitAt(bytes, cuts))).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });

  it('are refused by push at the same byte whatever the chunks, when push refuses them', () => {
    fc.assert(
      fc.property(suspicious, fc.integer({ min: 2, max: 100 }), (bytes, size) => {
        // Byte by byte, push refuses at the byte that makes the refusal certain; in larger chunks,
        // in the chunk holding that byte.
        const atByte = refusedAt(chunksOf(bytes, 1));
        expect(refusedAt(chunksOf(bytes, size))).toBe(atByte === -1 ? -1 : atByte - (atByte % size));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('OBJ and binary STL of the same triangles', () => {
  const coordinate = fc.oneof(
    fc.integer({ min: -1000, max: 1000 }),
    fc.float({ noNaN: true, noDefaultInfinity: true }),
    fc.float({ noNaN: true, noDefaultInfinity: true, min: -100, max: 100 }),
  );
  const triangle = fc.array(coordinate, { minLength: 9, maxLength: 9 }).map((values) => values as Triangle);
  const options = fc.record({
    relative: fc.boolean(),
    form: fc.constantFrom<CornerForm>(...CORNER_FORMS),
    newline: fc.constantFrom('\n', '\r\n', '\r'),
  });

  it('give identical analyses but for the format (or are refused for the same reason)', () => {
    fc.assert(
      fc.property(fc.array(triangle, { minLength: 1, maxLength: 40 }), options, (triangles, written) => {
        const stl = outcomeOf('stl', binaryStl(triangles));
        const obj = outcomeOf('obj', triangleSoupObj(triangles, written));
        expect(obj).toEqual(typeof stl === 'string' ? stl : { ...stl, format: 'obj' });
      }),
      { numRuns: 500 },
    );
  });

  it('give identical analyses for closed meshes: boxes of random sizes, vertices shared', () => {
    fc.assert(
      fc.property(fc.tuple(coordinate, coordinate, coordinate), options, ([x, y, z], written) => {
        const stl = outcomeOf('stl', binaryStl(box(x, y, z)));
        expect(outcomeOf('obj', boxObj(x, y, z, written))).toEqual(
          typeof stl === 'string' ? stl : { ...stl, format: 'obj' },
        );
      }),
      { numRuns: 300 },
    );
  });
});

function outcomeOf(kind: 'stl' | 'obj', bytes: Uint8Array) {
  try {
    return analyzeMesh(kind, bytes);
  } catch (err) {
    if (err instanceof MeshRejectedError) return err.reason;
    throw err;
  }
}

/** The offset of the chunk whose `push` refused the file, or -1 when none did. */
function refusedAt(chunks: Uint8Array[]): number {
  const reader = new ObjReader(() => new MeshStats());
  let offset = 0;
  try {
    for (const chunk of chunks) {
      reader.push(chunk);
      offset += chunk.length;
    }
  } catch (err) {
    if (err instanceof MeshRejectedError) return offset;
    throw err;
  }
  return -1;
}

/** Triangles with coordinates from a small deterministic generator, for files of a known size. */
function randomTriangles(count: number, seed: number): Triangle[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return Math.fround((state / 2 ** 32) * 200 - 100);
  };
  return Array.from({ length: count }, () => Array.from({ length: 9 }, next) as Triangle);
}
