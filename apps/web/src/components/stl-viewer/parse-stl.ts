/**
 * STL parser for the 3D viewer: binary and ASCII, no DOM, so it runs in the Web Worker and in
 * unit tests under Node alike. It returns bare vertex positions (three per triangle, in the file's
 * own Z-up coordinates) and their bounding box; normals are left to the renderer, because the
 * normals written in STL files are often missing or wrong.
 */

export type Vec3 = [number, number, number];

export type BoundingBox = { min: Vec3; max: Vec3 };

export type ParsedStl = {
  /** x, y, z of each vertex, three vertices per triangle. */
  positions: Float32Array;
  triangleCount: number;
  boundingBox: BoundingBox;
};

/** A file that cannot be read as STL. The message is written to be shown to a person. */
export class StlParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StlParseError';
  }
}

const HEADER_BYTES = 80;
const BINARY_PREFIX_BYTES = 84; // header + little-endian uint32 triangle count
const BINARY_TRIANGLE_BYTES = 50; // normal (12) + three vertices (36) + attribute byte count (2)
const FLOATS_PER_TRIANGLE = 9;

export function parseStl(data: ArrayBuffer | Uint8Array): ParsedStl {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength === 0) throw new StlParseError('The STL file is empty.');

  const declared = bytes.byteLength >= BINARY_PREFIX_BYTES ? readTriangleCount(bytes) : null;
  // The size rule decides first: many binary exporters begin their header with "solid" too, so
  // the word alone does not make a file ASCII. A size that matches exactly is never a coincidence.
  if (declared !== null && expectedBinarySize(declared) === bytes.byteLength) {
    return parseBinary(bytes, declared);
  }
  const binaryLooking = looksBinary(bytes);
  if (startsWithSolid(bytes) && !binaryLooking) return parseAscii(bytes);
  // Text that does not begin with "solid" is some other document renamed to .stl.
  if (!binaryLooking) throw new StlParseError('The file is not an STL file.');
  if (declared === null) throw new StlParseError('The file is too short to be an STL file.');
  if (expectedBinarySize(declared) > bytes.byteLength) {
    throw new StlParseError(
      `The STL file is truncated or damaged: it announces ${declared} triangles ` +
        `(${expectedBinarySize(declared)} bytes) but holds ${bytes.byteLength} bytes.`,
    );
  }
  // Longer than announced: some exporters pad the file; the announced triangles are still valid.
  return parseBinary(bytes, declared);
}

function readTriangleCount(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(HEADER_BYTES, true);
}

function expectedBinarySize(triangles: number): number {
  return BINARY_PREFIX_BYTES + BINARY_TRIANGLE_BYTES * triangles;
}

function startsWithSolid(bytes: Uint8Array): boolean {
  let start = 0;
  // A UTF-8 byte order mark and leading whitespace are tolerated.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  while (start < bytes.length && isWhitespace(bytes[start]!)) start++;
  const word = String.fromCharCode(...bytes.subarray(start, start + 5));
  return word.toLowerCase() === 'solid';
}

/** Control bytes (NUL and the like) never occur in ASCII STL, but are common in binary floats. */
function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1024);
  for (let i = 0; i < end; i++) {
    const byte = bytes[i]!;
    if (byte < 9 || (byte > 13 && byte < 32)) return true;
  }
  return false;
}

function isWhitespace(byte: number): boolean {
  return byte === 32 || (byte >= 9 && byte <= 13);
}

function parseBinary(bytes: Uint8Array, triangles: number): ParsedStl {
  if (triangles === 0) throw new StlParseError('The STL file contains no triangles.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const positions = new Float32Array(triangles * FLOATS_PER_TRIANGLE);
  let written = 0; // floats of kept triangles; a skipped triangle is overwritten by the next one
  for (let t = 0; t < triangles; t++) {
    const vertexStart = BINARY_PREFIX_BYTES + t * BINARY_TRIANGLE_BYTES + 12; // skip the normal
    for (let i = 0; i < FLOATS_PER_TRIANGLE; i++) {
      positions[written + i] = view.getFloat32(vertexStart + i * 4, true);
    }
    if (isFiniteTriangle(positions, written)) written += FLOATS_PER_TRIANGLE;
  }
  return finish(positions, written);
}

// `vertex` followed by three numbers; the tokens are checked with Number(), which rejects junk
// such as "1.2abc" (parseFloat would accept it).
const VERTEX = /vertex[ \t]+(\S+)[ \t]+(\S+)[ \t]+(\S+)/gi;

function parseAscii(bytes: Uint8Array): ParsedStl {
  const text = new TextDecoder('utf-8').decode(bytes);
  let positions = new Float32Array(FLOATS_PER_TRIANGLE * 1024);
  let vertices = 0;
  let written = 0;
  for (const match of text.matchAll(VERTEX)) {
    const start = written + (vertices % 3) * 3;
    if (start + 3 > positions.length) {
      const grown = new Float32Array(positions.length * 2);
      grown.set(positions);
      positions = grown;
    }
    positions[start] = Number(match[1]);
    positions[start + 1] = Number(match[2]);
    positions[start + 2] = Number(match[3]);
    vertices++;
    if (vertices % 3 === 0 && isFiniteTriangle(positions, written)) written += FLOATS_PER_TRIANGLE;
  }
  if (vertices === 0) throw new StlParseError('The STL file contains no triangles.');
  if (vertices % 3 !== 0) {
    throw new StlParseError('The STL file is truncated or damaged: a facet does not have three vertices.');
  }
  return finish(positions, written);
}

/** True when all nine coordinates are finite (NaN and infinities would break the camera fit). */
function isFiniteTriangle(positions: Float32Array, start: number): boolean {
  for (let i = start; i < start + FLOATS_PER_TRIANGLE; i++) {
    const value = positions[i]!;
    if (value - value !== 0) return false;
  }
  return true;
}

/**
 * Triangles with NaN or infinite coordinates were skipped: some exporters write such degenerate
 * facets, and showing the rest of the model beats refusing it. A file with nothing else fails.
 */
function finish(positions: Float32Array, floats: number): ParsedStl {
  if (floats === 0) {
    throw new StlParseError('The STL file has no valid triangles (all coordinates are invalid numbers).');
  }
  // A copy only when something was skipped or over-allocated, so the buffer handed on is exact.
  const exact = floats === positions.length ? positions : positions.slice(0, floats);
  return {
    positions: exact,
    triangleCount: floats / FLOATS_PER_TRIANGLE,
    boundingBox: boundingBoxOf(exact),
  };
}

export function boundingBoxOf(positions: Float32Array): BoundingBox {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i]!;
    const y = positions[i + 1]!;
    const z = positions[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}
