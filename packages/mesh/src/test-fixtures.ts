/** What the tests of every format share: how to cut a file into chunks, and the box's facts. */

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
