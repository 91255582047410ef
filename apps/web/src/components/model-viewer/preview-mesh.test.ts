import { Document, NodeIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import { MeshoptEncoder } from 'meshoptimizer';
import { describe, expect, it } from 'vitest';
import { glbExtensionsUsed, readPreviewMesh } from './preview-mesh.ts';

/**
 * A wedge 40 x 20 x 10 mm standing away from the origin (as a part placed on a print bed is), as
 * corners and the triangles between them, wound outwards.
 */
const CORNERS = [
  [100, 50, 0],
  [140, 50, 0],
  [140, 70, 0],
  [100, 70, 0],
  [100, 50, 10],
  [140, 50, 10],
] as const;
const TRIANGLES = [
  [0, 2, 1],
  [0, 3, 2],
  [0, 1, 5],
  [0, 5, 4],
  [1, 2, 5],
  [3, 0, 4],
  [4, 5, 2],
  [4, 2, 3],
] as const;
const expectedTriangles = TRIANGLES.flatMap((triangle) => triangle.flatMap((corner) => [...CORNERS[corner]]));

/**
 * The preview as the server makes it: int16 positions normalized to -1..1 around the part's centre
 * (KHR_mesh_quantization) and a node transform that scales and moves them back to millimetres.
 * `parent` puts that node under another, whose transform applies too.
 */
async function previewGlb({ meshopt = false, parent = false } = {}): Promise<ArrayBuffer> {
  const centre = [120, 60, 5];
  const scale = 20; // half the largest extent: every corner lands in -1..1
  const quantized = new Int16Array(
    CORNERS.flatMap((corner) =>
      corner.map((value, axis) => Math.round(((value - centre[axis]!) / scale) * 32767)),
    ),
  );

  const document = new Document();
  const buffer = document.createBuffer();
  document.createExtension(KHRMeshQuantization).setRequired(true);
  if (meshopt) {
    document
      .createExtension(EXTMeshoptCompression)
      .setRequired(true)
      .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  }
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(quantized)
    .setNormalized(true)
    .setBuffer(buffer);
  const indices = document
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Uint16Array(TRIANGLES.flat()))
    .setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', position).setIndices(indices);
  const mesh = document.createMesh().addPrimitive(primitive);
  const node = document.createNode().setMesh(mesh).setScale([scale, scale, scale]);
  const scene = document.createScene();
  if (parent) {
    // The same place reached in two steps: most of the offset on the parent, the rest on the child.
    node.setTranslation([20, 10, 5]);
    scene.addChild(document.createNode().setTranslation([100, 50, 0]).addChild(node));
  } else {
    node.setTranslation(centre as [number, number, number]);
    scene.addChild(node);
  }

  await MeshoptEncoder.ready;
  const io = new NodeIO()
    .registerExtensions([KHRMeshQuantization, EXTMeshoptCompression])
    .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  const bytes = await io.writeBinary(document);
  return bytes.slice().buffer;
}

/** What int16 quantization of a 40 mm part can be off by: half a step of 20 mm / 32767. */
const QUANTUM = 20 / 32767;

/**
 * The triangles, each rounded to a hundredth of a millimetre (far coarser than the quantization)
 * and turned to start at its smallest corner. Turning keeps the winding, and so the side that faces
 * out; meshopt's index coding may turn triangles so.
 */
function triangleList(positions: ArrayLike<number>): string[] {
  const list: string[] = [];
  for (let t = 0; t < positions.length; t += 9) {
    const corners = [0, 3, 6].map((at) =>
      [0, 1, 2].map((axis) => (Math.round(positions[t + at + axis]! * 100) / 100).toFixed(2)).join(' '),
    );
    const first = corners.indexOf([...corners].sort()[0]!);
    list.push([0, 1, 2].map((k) => corners[(first + k) % 3]).join(' | '));
  }
  return list;
}

function expectMillimetres(actual: Float32Array, expected: readonly number[]) {
  expect(actual).toHaveLength(expected.length);
  expect(triangleList(actual)).toEqual(triangleList(expected));
}
describe('readPreviewMesh', () => {
  it('gives every triangle of a quantized preview in the file’s millimetres, as the full model has them', async () => {
    const model = await readPreviewMesh(await previewGlb());
    expect(model.triangleCount).toBe(TRIANGLES.length);
    expectMillimetres(model.positions, expectedTriangles);
    const { min, max } = model.boundingBox;
    for (const [i, value] of [...min, ...max].entries()) {
      expect(Math.abs(value - [100, 50, 0, 140, 70, 10][i]!)).toBeLessThanOrEqual(QUANTUM);
    }
  });

  it('computes flat normals, the preview having none: the bottom faces down, the top slope up and back', async () => {
    const model = await readPreviewMesh(await previewGlb());
    const normalOf = (triangle: number) => Array.from(model.normals.subarray(triangle * 9, triangle * 9 + 3));
    expect(normalOf(0).map((n) => Math.round(n * 1000) / 1000)).toEqual([0, 0, -1]);
    const [, y, z] = normalOf(6);
    expect(y).toBeGreaterThan(0);
    expect(z).toBeGreaterThan(0);
  });

  it('reads a preview packed with EXT_meshopt_compression', async () => {
    const glb = await previewGlb({ meshopt: true });
    expect(glbExtensionsUsed(glb)).toContain('EXT_meshopt_compression');
    const model = await readPreviewMesh(glb);
    expectMillimetres(model.positions, expectedTriangles);
  });

  it('applies the transforms of every node above the mesh', async () => {
    const model = await readPreviewMesh(await previewGlb({ parent: true }));
    expectMillimetres(model.positions, expectedTriangles);
  });

  it('refuses a file that is not a glTF binary, and one without triangles', async () => {
    await expect(
      readPreviewMesh(new TextEncoder().encode('solid cube\nendsolid\n').buffer),
    ).rejects.toThrow();
    const empty = new Document();
    empty.createBuffer();
    empty.createScene().addChild(empty.createNode());
    const glb = (await new NodeIO().writeBinary(empty)).slice().buffer;
    await expect(readPreviewMesh(glb)).rejects.toThrow('The preview mesh has no triangles.');
  });
});

describe('glbExtensionsUsed', () => {
  it('names the extensions a GLB declares, and none for other bytes', async () => {
    expect(glbExtensionsUsed(await previewGlb())).toEqual(['KHR_mesh_quantization']);
    expect(new Set(glbExtensionsUsed(await previewGlb({ meshopt: true })))).toEqual(
      new Set(['KHR_mesh_quantization', 'EXT_meshopt_compression']),
    );
    expect(glbExtensionsUsed(new ArrayBuffer(0))).toEqual([]);
    expect(glbExtensionsUsed(new TextEncoder().encode('solid cube\nendsolid cube\n').buffer)).toEqual([]);
  });
});
