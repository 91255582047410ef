import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { singleModelPackage, type Vec3 } from './3mf/three-mf-fixtures.ts';
import { analyzeMesh } from './analyzer.ts';
import type { MeshAnalysis } from './mesh-analysis.ts';
import { objFile } from './obj/obj-fixtures.ts';
import { asciiStl, binaryStl, type Triangle, torus } from './stl/stl-fixtures.ts';

/** An indexed mesh: what OBJ and 3MF write, and STL writes expanded. */
type IndexedMesh = { vertices: Vec3[]; triangles: Vec3[] };

/** Coordinates STL can hold exactly (float32), over a printable range in millimetres. */
const coordinate = fc.float({ min: -500, max: 500, noNaN: true }).map((v) => Math.fround(v) + 0);
const vertex = fc.tuple(coordinate, coordinate, coordinate);

/** Random vertices and triangles of three different ones: open, self-crossing, anything. */
const randomMesh: fc.Arbitrary<IndexedMesh> = fc
  .array(vertex, { minLength: 3, maxLength: 24 })
  .chain((vertices) =>
    fc.record({
      vertices: fc.constant(vertices),
      triangles: fc.array(
        fc
          .uniqueArray(fc.nat({ max: vertices.length - 1 }), { minLength: 3, maxLength: 3 })
          .map((t) => t as Vec3),
        { minLength: 1, maxLength: 40 },
      ),
    }),
  );

/** A closed torus, welded: each corner once, so all three formats agree it is watertight. */
function weldedTorus(radius: number, tube: number, rings: number, sides: number): IndexedMesh {
  const soup = torus(radius, tube, rings, sides);
  const index = new Map<string, number>();
  const vertices: Vec3[] = [];
  const triangles = soup.map(
    (t) =>
      [0, 3, 6].map((k) => {
        const corner = t.slice(k, k + 3).map(Math.fround) as Vec3;
        const key = corner.join(',');
        if (!index.has(key)) {
          index.set(key, vertices.length);
          vertices.push(corner);
        }
        return index.get(key)!;
      }) as Vec3,
  );
  return { vertices, triangles };
}

const expand = ({ vertices, triangles }: IndexedMesh): Triangle[] =>
  triangles.map((t) => t.flatMap((k) => vertices[k]!) as Triangle);

/** The analysis of each encoding of the mesh, `format` left out. */
function factsOfEach(mesh: IndexedMesh): Record<string, Omit<MeshAnalysis, 'format'>> {
  const encodings = {
    'binary STL': analyzeMesh('stl', binaryStl(expand(mesh))),
    'ASCII STL': analyzeMesh('stl', asciiStl(expand(mesh))),
    OBJ: analyzeMesh('obj', objFile(mesh.vertices, mesh.triangles)),
    '3MF': analyzeMesh('3mf', singleModelPackage({ objects: [{ id: 1, mesh }], items: [{ objectId: 1 }] })),
  };
  return Object.fromEntries(
    Object.entries(encodings).map(([name, { format: _, ...facts }]) => [name, facts]),
  );
}

function expectSameFacts(mesh: IndexedMesh) {
  const facts = factsOfEach(mesh);
  const stl = facts['binary STL'];
  for (const [name, theirs] of Object.entries(facts)) expect({ [name]: theirs }).toEqual({ [name]: stl });
}

describe('one mesh written as STL, OBJ and 3MF', () => {
  it('gives the same facts in every format, closed meshes included', () => {
    const closed = [weldedTorus(20, 5, 24, 12), weldedTorus(3, 1, 8, 4)];
    for (const mesh of closed) {
      expectSameFacts(mesh);
      expect(factsOfEach(mesh)['3MF']).toMatchObject({ closed: true, triangles: mesh.triangles.length });
    }
  });

  it('gives the same facts in every format for random meshes', () => {
    fc.assert(fc.property(randomMesh, expectSameFacts), { numRuns: 200 });
  });
});
