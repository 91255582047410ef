/**
 * Reads a preview mesh back the way the browser's viewer does, for the tests: three.js's
 * GLTFLoader with its MeshoptDecoder. Nothing of the writer is shared, so a file this reads is a
 * file the viewer reads.
 */
import { type BufferGeometry, Mesh, type Object3D, Vector3 } from 'three';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

export type ReadPreview = {
  /** Every triangle's corners in millimetres, the node's transform applied (9 floats per triangle). */
  positions: Float32Array;
  /** The primitive's indices, three per triangle. */
  indices: Uint32Array;
  triangles: number;
  vertices: number;
  indexBytes: number;
  /** Attributes of the primitive, e.g. ['position']. */
  attributes: string[];
  /** What GLTFLoader chose for a primitive without normals. */
  flatShading: boolean;
  /** The model node's glTF extras. */
  extras: Record<string, unknown>;
  extensionsRequired: string[];
};

export async function readGlbWithThree(glb: Uint8Array): Promise<ReadPreview> {
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  const bytes = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  const gltf = await loader.parseAsync(bytes, '');
  gltf.scene.updateMatrixWorld(true);
  const meshes: Mesh[] = [];
  gltf.scene.traverse((object: Object3D) => {
    if (object instanceof Mesh) meshes.push(object);
  });
  if (meshes.length !== 1) throw new Error(`expected one mesh, found ${meshes.length}`);
  const mesh = meshes[0]!;
  const geometry: BufferGeometry = mesh.geometry;
  const index = geometry.getIndex();
  if (!index) throw new Error('the mesh has no indices');
  const position = geometry.getAttribute('position');
  const positions = new Float32Array(index.count * 3);
  const point = new Vector3();
  for (let corner = 0; corner < index.count; corner++) {
    // fromBufferAttribute reads normalized integers as -1..1, as the GPU does.
    point.fromBufferAttribute(position, index.getX(corner)).applyMatrix4(mesh.matrixWorld);
    positions.set([point.x, point.y, point.z], corner * 3);
  }
  const material = Array.isArray(mesh.material) ? mesh.material[0] : mesh.material;
  return {
    positions,
    indices: Uint32Array.from(index.array),
    triangles: index.count / 3,
    vertices: position.count,
    indexBytes: index.array.BYTES_PER_ELEMENT,
    attributes: Object.keys(geometry.attributes),
    flatShading: Boolean(material && 'flatShading' in material && material.flatShading),
    // A node of one single-primitive mesh becomes the three.js Mesh itself, its extras the userData.
    extras: mesh.userData as Record<string, unknown>,
    extensionsRequired: gltf.parser.json.extensionsRequired ?? [],
  };
}
