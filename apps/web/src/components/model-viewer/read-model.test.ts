import type { ModelKind } from '@printmarket/mesh/mesh-errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkModel, readModel } from './read-model.ts';
import type { ModelRequest, ReadReply } from './worker-protocol.ts';

type Triangle = number[]; // nine coordinates: three corners, counter-clockwise seen from outside

const TETRAHEDRON: Triangle[] = [
  [0, 0, 0, 0, 20, 0, 10, 0, 0],
  [0, 0, 0, 0, 0, 30, 0, 20, 0],
  [0, 0, 0, 10, 0, 0, 0, 0, 30],
  [10, 0, 0, 0, 20, 0, 0, 0, 30],
];

function binaryStl(triangles: Triangle[], header = 'binary test file'): ArrayBuffer {
  const bytes = new Uint8Array(84 + 50 * triangles.length);
  bytes.set(new TextEncoder().encode(header).subarray(0, 80));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, triangles.length, true);
  for (const [t, triangle] of triangles.entries()) {
    for (const [i, value] of triangle.entries()) view.setFloat32(84 + 50 * t + 12 + 4 * i, value, true);
  }
  return bytes.buffer;
}

function asciiStl(triangles: Triangle[]): ArrayBuffer {
  const facets = triangles.map((t) =>
    [
      'facet normal 0 0 0',
      'outer loop',
      `vertex ${t[0]} ${t[1]} ${t[2]}`,
      `vertex ${t[3]} ${t[4]} ${t[5]}`,
      `vertex ${t[6]} ${t[7]} ${t[8]}`,
      'endloop',
      'endfacet',
    ].join('\n'),
  );
  return new TextEncoder().encode(`solid part\n${facets.join('\n')}\nendsolid part\n`).buffer;
}

const text = (value: string) => new TextEncoder().encode(value).buffer;
const stl = (buffer: ArrayBuffer): ModelRequest => ({ kind: 'stl', buffer });

function expectModel(reply: ReadReply) {
  if (!reply.ok) throw new Error(`refused: ${reply.reason}`);
  return reply.result;
}

describe('readModel (the reading worker’s answer)', () => {
  it('reads a binary STL into positions, bounds, flat normals and a bounding sphere', () => {
    const model = expectModel(readModel(stl(binaryStl(TETRAHEDRON))));
    expect(model.triangleCount).toBe(4);
    expect(Array.from(model.positions)).toEqual(TETRAHEDRON.flat());
    expect(model.boundingBox).toEqual({ min: [0, 0, 0], max: [10, 20, 30] });
    // The first triangle lies on z = 0, wound to face down, out of the tetrahedron.
    expect(Array.from(model.normals.subarray(0, 3))).toEqual([0, 0, -1]);
    expect(model.boundingRadius).toBeCloseTo(Math.hypot(5, 10, 15), 5);
  });

  it('reads an ASCII STL, and a binary one whose header begins with "solid", the same way', () => {
    const fromAscii = expectModel(readModel(stl(asciiStl(TETRAHEDRON))));
    const fromBinary = expectModel(readModel(stl(binaryStl(TETRAHEDRON, 'solid exported by a CAD tool'))));
    expect(Array.from(fromAscii.positions)).toEqual(TETRAHEDRON.flat());
    expect(Array.from(fromBinary.positions)).toEqual(TETRAHEDRON.flat());
  });

  it('answers with arrays of their own, which the worker can hand over without copying', () => {
    const reply = readModel(stl(binaryStl(TETRAHEDRON)));
    const model = expectModel(reply);
    const transfer = [model.positions.buffer, model.normals.buffer];
    const received = structuredClone(reply, { transfer });
    expect(model.positions.byteLength).toBe(0); // moved, not copied
    expect(Array.from(expectModel(received).positions)).toEqual(TETRAHEDRON.flat());
  });

  it('gives the reason for a file the reader refuses, for the page to word', () => {
    expect(readModel(stl(new ArrayBuffer(0)))).toEqual({ ok: false, reason: 'empty' });
    expect(readModel(stl(text('Shopping list: filament, glue, a new nozzle.\n')))).toEqual({
      ok: false,
      reason: 'not-model',
    });
    const broken = binaryStl([...TETRAHEDRON, [Number.NaN, 0, 0, 1, 1, 1, 2, 2, 2]]);
    expect(readModel(stl(broken))).toEqual({ ok: false, reason: 'invalid-coordinates' });
  });

  it('answers any bytes, of any kind, with a model or a reason, never an exception', () => {
    const kinds: ModelKind[] = ['stl', '3mf', 'obj'];
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.uint8Array({ maxLength: 600 }), (kind, bytes) => {
        const reply = readModel({ kind, buffer: bytes.slice().buffer });
        if (reply.ok) {
          expect(reply.result.positions.length).toBe(reply.result.triangleCount * 9);
          expect(reply.result.positions.every(Number.isFinite)).toBe(true);
        } else {
          expect(typeof reply.reason).toBe('string');
        }
      }),
    );
  });
});

describe('checkModel (the checking worker’s answer)', () => {
  it('is null for a model, and the same reason as reading for a file that is not one', () => {
    expect(checkModel(stl(binaryStl(TETRAHEDRON)))).toBeNull();
    expect(checkModel(stl(asciiStl(TETRAHEDRON)))).toBeNull();
    expect(checkModel(stl(new ArrayBuffer(0)))).toBe('empty');
    expect(checkModel(stl(text('Shopping list: filament, glue, a new nozzle.\n')))).toBe('not-model');
  });
});
