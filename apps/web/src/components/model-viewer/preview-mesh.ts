/**
 * Reading a model's preview mesh: a glTF binary (GLB) of at most 50,000 triangles that the server
 * simplified and quantized (KHR_mesh_quantization: int16 positions, with a node transform that
 * restores millimetres), possibly packed with EXT_meshopt_compression. Part of the 3D chunk, so
 * the glTF loader never weighs on a page that shows no viewer; the meshopt decoder, a WebAssembly
 * module compiled as soon as it loads, comes in a chunk of its own, only for a preview packed so.
 */
import { Mesh, type Object3D, Vector3 } from 'three';
import type { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { type ModelData, prepareModel } from './mesh-data.ts';

const MESHOPT = 'EXT_meshopt_compression';

/**
 * The preview as the viewer draws a model file: every triangle in the file's own millimetre
 * coordinates (node transforms applied), with flat normals computed as for the full model, so the
 * full model later takes its place at the very same spot and shading.
 */
export async function readPreviewMesh(glb: ArrayBuffer): Promise<ModelData> {
  const loader = new GLTFLoader();
  if (glbExtensionsUsed(glb).includes(MESHOPT)) loader.setMeshoptDecoder(await loadMeshoptDecoder());
  const { scene } = await loader.parseAsync(glb, '');
  const positions = worldTriangles(scene);
  if (positions.length === 0) throw new Error('The preview mesh has no triangles.');
  return prepareModel(positions);
}

/**
 * The triangles of every mesh under `root`, 9 floats each, in world coordinates: the quantized
 * positions are read as the numbers they stand for (a normalized attribute gives -1..1) and moved
 * by their node's transform. Indexed or not, the result is a plain triangle list. Lines and points
 * are no part of a printable surface and are left out.
 */
export function worldTriangles(root: Object3D): Float32Array {
  root.updateMatrixWorld(true);
  const meshes: Mesh[] = [];
  root.traverse((object) => {
    if (object instanceof Mesh) meshes.push(object);
  });

  const corners = (mesh: Mesh) => {
    const count = mesh.geometry.index?.count ?? mesh.geometry.getAttribute('position')?.count ?? 0;
    return count - (count % 3);
  };
  const out = new Float32Array(meshes.reduce((sum, mesh) => sum + corners(mesh) * 3, 0));
  const vertex = new Vector3();
  let at = 0;
  for (const mesh of meshes) {
    const position = mesh.geometry.getAttribute('position');
    const index = mesh.geometry.index;
    const count = corners(mesh);
    for (let i = 0; i < count; i++) {
      vertex.fromBufferAttribute(position, index ? index.getX(i) : i).applyMatrix4(mesh.matrixWorld);
      out[at++] = vertex.x;
      out[at++] = vertex.y;
      out[at++] = vertex.z;
    }
  }
  return out;
}

/**
 * The meshopt decoder, ready to decode. Its WebAssembly must be allowed to compile: a page whose
 * Content-Security-Policy lacks 'wasm-unsafe-eval' in script-src refuses it, and this fails.
 */
async function loadMeshoptDecoder(): Promise<typeof MeshoptDecoder> {
  const { MeshoptDecoder } = await import('three/examples/jsm/libs/meshopt_decoder.module.js');
  await MeshoptDecoder.ready;
  return MeshoptDecoder;
}

const GLB_MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'

/**
 * The extensions a GLB declares in its JSON chunk (`extensionsUsed`); none for anything that is not
 * a GLB, which the loader then refuses with its own error.
 */
export function glbExtensionsUsed(glb: ArrayBuffer): string[] {
  if (glb.byteLength < 20) return [];
  const view = new DataView(glb);
  if (view.getUint32(0, true) !== GLB_MAGIC || view.getUint32(16, true) !== JSON_CHUNK) return [];
  const length = Math.min(view.getUint32(12, true), glb.byteLength - 20);
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(new Uint8Array(glb, 20, length)));
    const used = (json as { extensionsUsed?: unknown }).extensionsUsed;
    return Array.isArray(used) ? used.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
