/**
 * A torus of about `triangles` triangles lying on the bed (Z up, lowest point at z = 0), written
 * straight into a positions array: tests and the benchmark need dense meshes of a known shape
 * without going through a file. Major radius 40 mm, tube radius 15 mm.
 */
export function torusPositions(triangles: number): Float32Array {
  // Twice as many segments around the ring as around the tube keeps the quads near square.
  const around = Math.max(3, Math.round(Math.sqrt(triangles)));
  const tube = Math.max(3, Math.round(triangles / (2 * around)));
  const major = 40;
  const minor = 15;
  const positions = new Float32Array(around * tube * 18);
  const point = (i: number, j: number, out: Float32Array, at: number) => {
    const u = (i / around) * 2 * Math.PI;
    const v = (j / tube) * 2 * Math.PI;
    const ring = major + minor * Math.cos(v);
    out[at] = ring * Math.cos(u);
    out[at + 1] = ring * Math.sin(u);
    out[at + 2] = minor + minor * Math.sin(v);
  };
  let o = 0;
  for (let i = 0; i < around; i++) {
    for (let j = 0; j < tube; j++) {
      // Two triangles per quad, counter-clockwise seen from outside.
      for (const [a, b] of [
        [i, j],
        [i + 1, j],
        [i + 1, j + 1],
        [i, j],
        [i + 1, j + 1],
        [i, j + 1],
      ] as const) {
        point(a, b, positions, o);
        o += 3;
      }
    }
  }
  return positions;
}
