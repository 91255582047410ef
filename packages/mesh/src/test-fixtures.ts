/** What the tests of every format share: how to cut a file into chunks, and the box and its facts. */

/** Splits `bytes` at the given offsets (sorted or not, duplicates allowed). */
export function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => Math.min(bytes.length, Math.max(0, c))))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    parts.push(bytes.subarray(start, point));
    start = point;
  }
  return parts;
}

export function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return parts;
}

/**
 * The facts of the 10 x 20 x 30 mm box every format's fixtures write (`box` in stl-fixtures.ts,
 * `boxObj`, `boxMesh`): 6 cm3, 22 cm2, closed; `format` is each reader's own.
 */
export const BOX_FACTS = {
  triangles: 12,
  bbox: { min: [0, 0, 0], max: [10, 20, 30] },
  sizeMm: [10, 20, 30],
  volumeCm3: 6,
  areaMm2: 2200,
  areaCm2: 22,
  closed: true,
  warnings: [],
  sizeHint: null,
};

/**
 * The box from the origin to (x, y, z) that every format's fixtures write: its 8 corners (corner i
 * has x when bit 0 is set, y for bit 1, z for bit 2) and its 6 sides as quads of corner indices,
 * counter-clockwise seen from outside. Split (a, b, c), (a, c, d), each side is two triangles.
 */
export function boxCornersAndSides(x: number, y: number, z: number) {
  const corners = Array.from({ length: 8 }, (_, i): [number, number, number] => [
    i & 1 ? x : 0,
    i & 2 ? y : 0,
    i & 4 ? z : 0,
  ]);
  const sides: [number, number, number, number][] = [
    [0, 2, 3, 1], // bottom, z = 0
    [4, 5, 7, 6], // top
    [0, 1, 5, 4], // front, y = 0
    [2, 6, 7, 3], // back
    [0, 4, 6, 2], // left, x = 0
    [1, 3, 7, 5], // right
  ];
  return { corners, sides };
}
