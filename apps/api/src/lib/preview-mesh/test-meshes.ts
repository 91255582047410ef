/**
 * Meshes of known shape for the preview mesh's tests, as triangle soups like parseMeshPositions
 * returns (9 floats per triangle, millimetres).
 */

type Point = [number, number, number];

/**
 * A closed UV sphere of 2 x segments x (rings - 1) triangles, wound counter-clockwise seen from
 * outside. The poles are exact points and the seam reuses the first meridian, so every edge is
 * shared by two triangles (as in bench/lib/stl-mesh.mjs). Written straight into the array: a
 * million triangles take a fraction of a second.
 */
export function spherePositions(rings: number, segments: number, radius: number, centre: Point = [0, 0, 0]) {
  const out = new Float32Array(2 * segments * (rings - 1) * 9);
  let at = 0;
  const corner = (ring: number, segment: number) => {
    const theta = (Math.PI * ring) / rings;
    const phi = (2 * Math.PI * (segment % segments)) / segments;
    // The poles exactly on the axis, whatever the rounding of sin(pi).
    const around = ring === 0 || ring === rings ? 0 : radius * Math.sin(theta);
    out[at++] = centre[0] + around * Math.cos(phi);
    out[at++] = centre[1] + around * Math.sin(phi);
    out[at++] = centre[2] + (ring === 0 ? radius : ring === rings ? -radius : radius * Math.cos(theta));
  };
  const triangle = (...corners: [number, number][]) => {
    for (const [ring, segment] of corners) corner(ring, segment);
  };
  for (let s = 0; s < segments; s++) triangle([0, s], [1, s], [1, s + 1]);
  for (let r = 1; r < rings - 1; r++) {
    for (let s = 0; s < segments; s++) {
      triangle([r, s], [r + 1, s], [r + 1, s + 1]);
      triangle([r, s], [r + 1, s + 1], [r, s + 1]);
    }
  }
  for (let s = 0; s < segments; s++) triangle([rings, s], [rings - 1, s + 1], [rings - 1, s]);
  return out;
}

/** An open, wavy square sheet of 2 x cells x cells triangles, `size` mm wide: its outline is a border. */
export function sheetPositions(cells: number, size: number) {
  const point = (i: number, j: number): Point => {
    const x = (i / cells) * size;
    const y = (j / cells) * size;
    return [x, y, (size / 20) * Math.sin((x / size) * 9) * Math.cos((y / size) * 7)];
  };
  const triangles: Point[][] = [];
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      triangles.push([point(i, j), point(i + 1, j), point(i + 1, j + 1)]);
      triangles.push([point(i, j), point(i + 1, j + 1), point(i, j + 1)]);
    }
  }
  return soup(triangles);
}

/**
 * Every triangle shrunk towards its centre by `factor`: the same surface with narrow gaps, no
 * corner shared, like an export whose vertices were written with noise.
 */
export function separateTriangles(positions: Float32Array, factor: number) {
  const out = positions.slice();
  for (let at = 0; at < out.length; at += 9) {
    for (let axis = 0; axis < 3; axis++) {
      const centre = (out[at + axis]! + out[at + 3 + axis]! + out[at + 6 + axis]!) / 3;
      for (let k = 0; k < 3; k++)
        out[at + 3 * k + axis] = centre + (out[at + 3 * k + axis]! - centre) * factor;
    }
  }
  return out;
}

/**
 * Every coordinate scaled by its own factor within 1 ± `relative` (a fixed pseudo-random sequence):
 * corners that were equal no longer are, as after an exporter's rounding.
 */
export function nudgePositions(positions: Float32Array, relative: number) {
  const out = positions.slice();
  let state = 12345;
  for (let i = 0; i < out.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out[i] = out[i]! * (1 + relative * ((state / 2 ** 32) * 2 - 1));
  }
  return out;
}

/** Total area of a triangle soup, mm². */
export function surfaceArea(positions: Float32Array) {
  let area = 0;
  for (let at = 0; at < positions.length; at += 9) {
    const ux = positions[at + 3]! - positions[at]!;
    const uy = positions[at + 4]! - positions[at + 1]!;
    const uz = positions[at + 5]! - positions[at + 2]!;
    const vx = positions[at + 6]! - positions[at]!;
    const vy = positions[at + 7]! - positions[at + 1]!;
    const vz = positions[at + 8]! - positions[at + 2]!;
    area += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  return area;
}

/** The smallest and largest x, y, z of a soup. */
export function boundsOf(positions: Float32Array) {
  const min: Point = [Infinity, Infinity, Infinity];
  const max: Point = [-Infinity, -Infinity, -Infinity];
  for (let at = 0; at < positions.length; at += 3) {
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis]!, positions[at + axis]!);
      max[axis] = Math.max(max[axis]!, positions[at + axis]!);
    }
  }
  return { min, max };
}

function soup(triangles: Point[][]): Float32Array {
  const out = new Float32Array(triangles.length * 9);
  let at = 0;
  for (const triangle of triangles) {
    for (const point of triangle) {
      out.set(point, at);
      at += 3;
    }
  }
  return out;
}

/** A soup's triangles in the binary STL record layout that readers hand to sinks (50 bytes each). */
export function triangleRecords(positions: Float32Array): DataView {
  const view = new DataView(new ArrayBuffer((positions.length / 9) * 50));
  for (let i = 0; i < positions.length; i++) {
    view.setFloat32(Math.floor(i / 9) * 50 + 12 + (i % 9) * 4, positions[i]!, true);
  }
  return view;
}

/** A soup as a binary STL file. */
export function binaryStlOf(positions: Float32Array): Uint8Array {
  const triangles = positions.length / 9;
  const bytes = new Uint8Array(84 + triangles * 50);
  new DataView(bytes.buffer).setUint32(80, triangles, true);
  bytes.set(new Uint8Array(triangleRecords(positions).buffer), 84);
  return bytes;
}
