import { describe, expect, it } from 'vitest';
import { analyzeMesh } from '../analyzer.ts';
import { MAX_MODEL_TRIANGLES, MeshRejectedError, meshRejectionMessage } from '../mesh-errors.ts';
import { MeshStats } from '../mesh-stats.ts';
import type { TriangleSink } from '../triangle-batch.ts';
import { boxObj, edit, latin1, objRejection } from './obj-fixtures.ts';
import { ObjReader } from './obj-reader.ts';
import { MAX_STATEMENT_BYTES, MAX_WORD_LENGTH } from './obj-statement-scanner.ts';
import { MAX_OBJ_VERTICES } from './obj-vertices.ts';

const boxText = () => String.fromCharCode(...boxObj(10, 20, 30));
const refusedAs = (text: string) => objRejection(latin1(text));

/** A sink that takes everything: for limits that are the reader's, without the cost of measuring. */
const takeAll = { add: () => true };

/** The reason `push` throws for, or null when it takes every chunk; and how many chunks it took. */
function pushUntilRefused(
  chunks: Iterable<Uint8Array>,
  sink: TriangleSink = new MeshStats(),
): { reason: string | null; taken: number } {
  const reader = new ObjReader(() => sink);
  let taken = 0;
  try {
    for (const chunk of chunks) {
      reader.push(chunk);
      taken++;
    }
  } catch (err) {
    if (!(err instanceof MeshRejectedError)) throw err;
    return { reason: err.reason, taken };
  }
  return { reason: null, taken };
}

function* repeated(chunk: Uint8Array, times: number): Generator<Uint8Array> {
  for (let i = 0; i < times; i++) yield chunk;
}

describe('files we refuse', () => {
  it('refuses an empty file', () => {
    expect(objRejection(new Uint8Array(0))).toBe('empty');
  });

  it('refuses text without faces: vertices only, comments only, lines and points only, blank lines', () => {
    expect(refusedAs('v 1 2 3\nv 4 5 6\nv 7 8 9\n')).toBe('no-triangles');
    expect(refusedAs('# just a comment\n')).toBe('no-triangles');
    expect(refusedAs('v 1 2 3\nv 4 5 6\nv 7 8 9\nl 1 2 3\np 1\n')).toBe('no-triangles');
    expect(refusedAs('\n\r\n  \t\n')).toBe('no-triangles');
    expect(refusedAs('v 1 2 3\nv 4 5 6\nf 1 2\n')).toBe('no-triangles');
  });

  it('refuses a corner naming vertex 0, a vertex beyond the last, or one defined only after the face', () => {
    for (const face of ['f 1 2 0', 'f 1 2 9', 'f -9 1 2', 'f 1 -0 2', 'f 1 2 99999999999999999999']) {
      expect(refusedAs(`${boxText()}${face}\n`)).toBe('bad-index');
    }
    expect(refusedAs('v 0 0 0\nv 1 0 0\nf 1 2 3\nv 0 1 0\n')).toBe('bad-index');
    expect(refusedAs('v 0 0 0\nv 1 0 0\nv 0 1 0\nf -1 -2 -4\n')).toBe('bad-index');
  });

  it('refuses words that are not numbers where coordinates go, and corners that are not corners', () => {
    const text = boxText();
    for (const broken of [
      edit(text, ['v 10 20 30', 'v 10 20']),
      edit(text, ['v 10 20 30', 'v 10,5 20 30']),
      edit(text, ['v 10 20 30', 'v 10 2O 30']),
      edit(text, ['v 10 20 30', 'v 0x10 20 30']),
      edit(text, ['v 10 20 30', 'v 10 20 3e']),
      edit(text, ['v 10 20 30', 'v']),
      edit(text, ['f 1 3 4 2', 'f 1 3 4 2.0']),
      edit(text, ['f 1 3 4 2', 'f 1 3 4/1/1/1 2']),
      edit(text, ['f 1 3 4 2', 'f 1 3 4/a 2']),
      edit(text, ['f 1 3 4 2', 'f 1 3 /4 2']),
      edit(text, ['f 1 3 4 2', 'f 1 3 - 2']),
      edit(text, ['f 1 3 4 2', 'f 1 3 4/- 2']),
      edit(text, ['f 1 3 4 2', 'f 1 3 4 \\ 2']),
      edit(text, ['f 1 3 4 2', 'f one two three']),
    ]) {
      expect(refusedAs(broken)).toBe('unreadable');
    }
    // A vertex without coordinates at the very end, with no line end after it.
    expect(refusedAs(`${boxText()}v`)).toBe('unreadable');
  });

  it('refuses NaN and infinite coordinates, and ones beyond the range of float32', () => {
    for (const word of [
      'nan',
      'NaN',
      '-nan(ind)',
      'inf',
      '-inf',
      'Infinity',
      '1.#IND',
      '1.#QNAN',
      '1e39',
      '-4e38',
    ]) {
      expect(refusedAs(edit(boxText(), ['v 10 20 30', `v 10 ${word} 30`]))).toBe('invalid-coordinates');
    }
  });

  it('refuses binary files as not OBJ at their first control byte', () => {
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
    const zip = [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0];
    const utf16 = [0xfe, 0xff, 0, 0x76, 0, 0x20, 0, 0x31];
    const stl = [...latin1('solid binary header'.padEnd(80)), 12, 0, 0, 0];
    for (const bytes of [png, zip, utf16, stl]) {
      expect(objRejection(Uint8Array.from(bytes))).toBe('not-model');
      // At its first chunk, without waiting for the rest of the upload.
      const { reason, taken } = pushUntilRefused([Uint8Array.from(bytes), new Uint8Array(100_000)]);
      expect({ reason, taken }).toEqual({ reason: 'not-model', taken: 0 });
    }
    expect(refusedAs('# a comment\nmtllib x.mtl\n\u0000\u0001')).toBe('not-model');
  });

  it('refuses a control byte after the first vertex or face as a damaged OBJ', () => {
    expect(refusedAs(`${boxText()}\u0000`)).toBe('unreadable');
    expect(refusedAs('v 1 2 3\n# \u0007\n')).toBe('unreadable');
  });

  it('refuses a file as soon as it is certain, from push', () => {
    const { reason, taken } = pushUntilRefused([latin1('v 0 0 0\nf 1 1 2\n'), latin1(boxText())]);
    expect({ reason, taken }).toEqual({ reason: 'bad-index', taken: 0 });
    const reader = new ObjReader(() => new MeshStats());
    expect(() => reader.push(latin1('v 1 2 zero\n'))).toThrow(meshRejectionMessage('obj', 'unreadable'));
    // And keeps refusing, whatever comes next.
    expect(() => reader.push(latin1(boxText()))).toThrow(MeshRejectedError);
    expect(() => reader.finish()).toThrow(meshRejectionMessage('obj', 'unreadable'));
  });
});

describe('limits', () => {
  it('refuses a word longer than MAX_WORD_LENGTH in a vertex or face, whole or cut by chunks', () => {
    const long = `1${'0'.repeat(MAX_WORD_LENGTH - 1)}`;
    expect(refusedAs(`v ${long} 0 0\n`)).toBe('invalid-coordinates');
    expect(refusedAs(`v ${long}0 0 0\n`)).toBe('unreadable');
    const cut = latin1(`v 0 0 0\nv ${long}0 0 0\n`);
    for (const at of [9, 50, 139]) {
      expect(pushUntilRefused([cut.subarray(0, at), cut.subarray(at)]).reason).toBe('unreadable');
    }
    // Words of skipped statements are not held, so their length does not matter.
    expect(analyzeMesh('obj', latin1(`g ${'x'.repeat(10 * MAX_WORD_LENGTH)}\n${boxText()}`)).triangles).toBe(
      12,
    );
  });

  it('reads a statement of MAX_STATEMENT_BYTES, and refuses one byte more at that byte', () => {
    const comment = (length: number) => `#${'-'.repeat(length - 1)}\n`;
    expect(analyzeMesh('obj', latin1(comment(MAX_STATEMENT_BYTES) + boxText())).triangles).toBe(12);
    expect(refusedAs(comment(MAX_STATEMENT_BYTES + 1) + boxText())).toBe('unreadable');
    const vertex = (length: number) => `v 1 2 3${' '.repeat(length - 7)}\r\n`;
    expect(analyzeMesh('obj', latin1(vertex(MAX_STATEMENT_BYTES) + boxText())).triangles).toBe(12);
    expect(refusedAs(vertex(MAX_STATEMENT_BYTES + 1) + boxText())).toBe('unreadable');
  });

  it('refuses a 1 GB line in the chunk where it passes MAX_STATEMENT_BYTES, never holding it', () => {
    const words = latin1('x'.repeat(65_536));
    const corners = latin1(' 1'.repeat(32_768));
    for (const [start, chunk] of [
      ['# ', words],
      ['g ', words],
      ['', words],
      ['v 1 2 3', corners],
      ['f', corners],
    ] as const) {
      const gigabyte = [latin1(`v 0 0 0\n${start}`), ...repeated(chunk, 2 ** 30 / chunk.length)];
      // Chunks taken before the one that brings the statement beyond the limit.
      const taken = 1 + Math.floor((MAX_STATEMENT_BYTES - start.length) / chunk.length);
      expect(pushUntilRefused(gigabyte)).toEqual({ reason: 'unreadable', taken });
    }
  });

  it(`refuses more than MAX_MODEL_TRIANGLES (${MAX_MODEL_TRIANGLES}) triangles, from push`, () => {
    // Faces of 32,768 corners on 3 vertices: 32,766 degenerate triangles each.
    const face = latin1(`f${' 1 2 3 1'.repeat(8_192)}\n`);
    const perFace = 32_766;
    const needed = Math.ceil((MAX_MODEL_TRIANGLES + 1) / perFace);
    const file = [latin1('v 0 0 0\nv 1 0 0\nv 0 1 0\n'), ...repeated(face, needed + 10)];
    expect(pushUntilRefused(file, takeAll)).toEqual({ reason: 'too-many-triangles', taken: needed });
  });

  it(`refuses more than MAX_OBJ_VERTICES (${MAX_OBJ_VERTICES}) vertices, from push`, () => {
    const vertices = latin1('v 1 2 3\n'.repeat(131_072));
    const needed = MAX_OBJ_VERTICES / 131_072;
    const file = [...repeated(vertices, Math.ceil(needed) + 5)];
    expect(pushUntilRefused(file)).toEqual({ reason: 'too-many-vertices', taken: Math.floor(needed) });
  });
});
