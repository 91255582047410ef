import { Document, WebIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRMeshQuantization } from '@gltf-transform/extensions';
import type { Meshopt } from './load-meshopt.ts';
import type { PreviewGrid } from './quantize.ts';

/** What a viewer should know that glTF itself cannot say: the units and axes are the model file's. */
export const PREVIEW_MESH_EXTRAS = { unit: 'millimetre', up: 'Z' } as const;

export type PreviewGlbInput = {
  grid: PreviewGrid;
  /** x, y, z per vertex on `grid`. */
  positions: Int16Array;
  indices: Uint32Array;
  /** meshopt's codec (EXT_meshopt_compression) on the buffers; off only to measure what it saves. */
  compress: boolean;
};

/**
 * One node holding one mesh of one primitive: POSITION (normalized int16, KHR_mesh_quantization)
 * and indices (uint16 below 65,536 vertices, else uint32), nothing else. The node's translation
 * and uniform scale give the positions back in millimetres where the model file had them.
 *
 * No normals: glTF tells a viewer to shade a primitive without them flat, triangle by triangle
 * (three.js's GLTFLoader turns on flatShading), which is how slicers show a model. Smooth normals
 * would have to be split at every sharp edge of a mechanical part to look right, and cost bytes.
 * No material either: the viewer paints the model its own way.
 *
 * With compression, both extensions are required: a reader without a meshopt decoder cannot
 * read the buffers at all (three.js: GLTFLoader.setMeshoptDecoder).
 */
export async function writePreviewGlb(meshopt: Meshopt, input: PreviewGlbInput): Promise<Uint8Array> {
  const { grid, positions, indices, compress } = input;
  const document = new Document();
  document.getRoot().getAsset().generator = 'PrintMarket preview mesh';
  const buffer = document.createBuffer();
  const vertices = positions.length / 3;

  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(positions)
    .setNormalized(true)
    .setBuffer(buffer);
  const index = document
    .createAccessor()
    .setType('SCALAR')
    .setArray(vertices < 65_536 ? Uint16Array.from(indices) : indices)
    .setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', position).setIndices(index);
  const mesh = document.createMesh('preview').addPrimitive(primitive);
  const { translation, scale } = grid;
  const node = document
    .createNode('model')
    .setMesh(mesh)
    .setTranslation(translation)
    .setScale([scale, scale, scale])
    .setExtras({ ...PREVIEW_MESH_EXTRAS });
  document.getRoot().setDefaultScene(document.createScene('preview').addChild(node));

  document.createExtension(KHRMeshQuantization).setRequired(true);
  if (compress) {
    document
      .createExtension(EXTMeshoptCompression)
      .setRequired(true)
      .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.QUANTIZE });
  }
  // WebIO: the I/O class without file system access; nothing here touches the disk.
  const io = new WebIO()
    .registerExtensions([KHRMeshQuantization, EXTMeshoptCompression])
    .registerDependencies({ 'meshopt.encoder': meshopt.encoder });
  return io.writeBinary(document);
}
