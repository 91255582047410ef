/**
 * The hot loop: projects every triangle with an affine 3x4 matrix and writes, for each sample
 * centre it covers, the triangle's index where it is nearer than what the depth buffer holds.
 *
 * Shading is deferred (the triangle index is all that is stored), so a triangle that ends up
 * hidden costs no lighting, and there is no back-face culling: the depth test picks the nearest
 * surface whatever the winding, which STL files often get wrong. Speed comes from rejecting most
 * triangles of a dense mesh before any setup: a triangle whose box holds no sample centre (the
 * common case when triangles are smaller than a sample) or that lies outside the grid is dropped
 * after its projection and two comparisons. No allocation happens per triangle.
 */

export type DepthTarget = {
  width: number;
  height: number;
  /** Larger is nearer; starts at -Infinity. */
  depth: Float32Array;
  /** Triangle index per sample; -1 where no triangle covers it. */
  triangle: Int32Array;
};

export function createDepthTarget(width: number, height: number): DepthTarget {
  const depth = new Float32Array(width * height).fill(-Infinity);
  const triangle = new Int32Array(width * height).fill(-1);
  return { width, height, depth, triangle };
}

/**
 * Rasterizes `positions` (9 floats per triangle) through `m` (rows: screen x, screen y, depth)
 * into `target`. Samples sit at pixel centres (x + 0.5, y + 0.5).
 */
export function rasterizeTriangles(positions: Float32Array, m: Float64Array, target: DepthTarget): void {
  const { width, height, depth, triangle } = target;
  const m0 = m[0]!;
  const m1 = m[1]!;
  const m2 = m[2]!;
  const m3 = m[3]!;
  const m4 = m[4]!;
  const m5 = m[5]!;
  const m6 = m[6]!;
  const m7 = m[7]!;
  const m8 = m[8]!;
  const m9 = m[9]!;
  const m10 = m[10]!;
  const m11 = m[11]!;
  const lastX = width - 1;
  const lastY = height - 1;
  const count = Math.floor(positions.length / 9);

  for (let t = 0, o = 0; t < count; t++, o += 9) {
    const ax = positions[o]!;
    const ay = positions[o + 1]!;
    const az = positions[o + 2]!;
    const bx = positions[o + 3]!;
    const by = positions[o + 4]!;
    const bz = positions[o + 5]!;
    const cx = positions[o + 6]!;
    const cy = positions[o + 7]!;
    const cz = positions[o + 8]!;
    const x0 = m0 * ax + m1 * ay + m2 * az + m3;
    const y0 = m4 * ax + m5 * ay + m6 * az + m7;
    let x1 = m0 * bx + m1 * by + m2 * bz + m3;
    let y1 = m4 * bx + m5 * by + m6 * bz + m7;
    let x2 = m0 * cx + m1 * cy + m2 * cz + m3;
    let y2 = m4 * cx + m5 * cy + m6 * cz + m7;

    // Sample centres inside the triangle's box, clipped to the grid. NaN (from a non-finite
    // coordinate) fails the comparisons below and drops the triangle.
    const loX = x0 < x1 ? (x0 < x2 ? x0 : x2) : x1 < x2 ? x1 : x2;
    const hiX = x0 > x1 ? (x0 > x2 ? x0 : x2) : x1 > x2 ? x1 : x2;
    const loY = y0 < y1 ? (y0 < y2 ? y0 : y2) : y1 < y2 ? y1 : y2;
    const hiY = y0 > y1 ? (y0 > y2 ? y0 : y2) : y1 > y2 ? y1 : y2;
    let ix0 = Math.ceil(loX - 0.5);
    let ix1 = Math.floor(hiX - 0.5);
    let iy0 = Math.ceil(loY - 0.5);
    let iy1 = Math.floor(hiY - 0.5);
    if (ix0 < 0) ix0 = 0;
    if (iy0 < 0) iy0 = 0;
    if (ix1 > lastX) ix1 = lastX;
    if (iy1 > lastY) iy1 = lastY;
    if (!(ix0 <= ix1 && iy0 <= iy1)) continue;

    let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
    // Edge-on or degenerate: covers nothing. A non-finite area comes from a non-finite coordinate.
    if (area === 0 || !(area - area === 0)) continue;
    const d0 = m8 * ax + m9 * ay + m10 * az + m11;
    let d1 = m8 * bx + m9 * by + m10 * bz + m11;
    let d2 = m8 * cx + m9 * cy + m10 * cz + m11;
    if (area < 0) {
      // Same triangle, other winding: the edge functions below expect a positive area.
      let swap = x1;
      x1 = x2;
      x2 = swap;
      swap = y1;
      y1 = y2;
      y2 = swap;
      swap = d1;
      d1 = d2;
      d2 = swap;
      area = -area;
    }

    // Edge functions (twice the sub-triangle areas opposite each vertex) at the first sample,
    // and how they change per column and per row.
    const px = ix0 + 0.5;
    const py = iy0 + 0.5;
    // A sample exactly on a shared edge can round to slightly outside on both triangles; this
    // tiny bias draws it twice instead of never (harmless with a depth test).
    const bias = area * 1e-9;
    let row0 = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1) + bias;
    let row1 = (x0 - x2) * (py - y2) - (y0 - y2) * (px - x2) + bias;
    let row2 = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0) + bias;
    const stepX0 = y1 - y2;
    const stepX1 = y2 - y0;
    const stepX2 = y0 - y1;
    const stepY0 = x2 - x1;
    const stepY1 = x0 - x2;
    const stepY2 = x1 - x0;
    const inv = 1 / area;
    const depthStepX = (stepX0 * d0 + stepX1 * d1 + stepX2 * d2) * inv;
    const depthStepY = (stepY0 * d0 + stepY1 * d1 + stepY2 * d2) * inv;
    let rowDepth = (row0 * d0 + row1 * d1 + row2 * d2) * inv;

    for (let y = iy0; y <= iy1; y++) {
      let w0 = row0;
      let w1 = row1;
      let w2 = row2;
      let z = rowDepth;
      let i = y * width + ix0;
      for (let x = ix0; x <= ix1; x++, i++) {
        if (w0 >= 0 && w1 >= 0 && w2 >= 0 && z > depth[i]!) {
          depth[i] = z;
          triangle[i] = t;
        }
        w0 += stepX0;
        w1 += stepX1;
        w2 += stepX2;
        z += depthStepX;
      }
      row0 += stepY0;
      row1 += stepY1;
      row2 += stepY2;
      rowDepth += depthStepY;
    }
  }
}
