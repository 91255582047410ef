/** Bytes of a binary STL before the triangle count, and of one triangle record. */
const HEADER = 80;
const RECORD = 50;

/**
 * Triangle positions (9 floats per triangle) of a binary STL, without its stored normals, which
 * the renderer recomputes. Reads as many whole records as the buffer holds, so a truncated file
 * gives its complete triangles rather than an error: this is for previews, not validation.
 */
export function binaryStlPositions(stl: Uint8Array): Float32Array {
  if (stl.byteLength < HEADER + 4) return new Float32Array(0);
  const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
  const declared = view.getUint32(HEADER, true);
  const count = Math.min(declared, Math.floor((stl.byteLength - HEADER - 4) / RECORD));
  const positions = new Float32Array(count * 9);
  // Skip the 12-byte normal of each record, then three vertices of three little-endian floats.
  for (let t = 0, at = HEADER + 4 + 12, o = 0; t < count; t++, at += RECORD) {
    for (let k = 0; k < 9; k++, o++) positions[o] = view.getFloat32(at + k * 4, true);
  }
  return positions;
}
