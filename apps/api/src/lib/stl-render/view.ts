/**
 * The camera of a preview: an orthographic view from an azimuth and an elevation, framed on the
 * model's exact projected extents.
 *
 * Orthographic rather than perspective: the fit is exact in one pass over the vertices (with
 * perspective the projected extents depend on the distance, so framing needs iterating), depth is
 * linear across a triangle (no per-pixel divide), and nothing can cross a near plane, so there is no
 * clipping against it. At the long lens of a product shot the perspective would be barely visible.
 */

export type ViewAngles = { azimuthDeg: number; elevationDeg: number };

/** Unit vectors of the view in model space (millimetres, Z up). */
export type ViewBasis = {
  /** Screen right. Horizontal, so screen columns stay vertical. */
  right: [number, number, number];
  /** Screen up. */
  up: [number, number, number];
  /** From the model towards the camera: larger `dot(p, toCamera)` is nearer. */
  toCamera: [number, number, number];
};

/**
 * Azimuth 0 looks at the front (from -Y towards +Y, the usual CAD front view); positive azimuths
 * move the camera to the right around Z, so 45 shows the front and the right side. Elevation is
 * the angle above the bed.
 */
export function viewBasis({ azimuthDeg, elevationDeg }: ViewAngles): ViewBasis {
  const az = (azimuthDeg * Math.PI) / 180;
  // Straight down or up would make "right" undefined; 89.9 degrees still shows a top view.
  const el = (Math.max(-89.9, Math.min(89.9, elevationDeg)) * Math.PI) / 180;
  const cosEl = Math.cos(el);
  const sinEl = Math.sin(el);
  return {
    right: [Math.cos(az), Math.sin(az), 0],
    up: [-sinEl * Math.sin(az), sinEl * Math.cos(az), cosEl],
    toCamera: [cosEl * Math.sin(az), -cosEl * Math.cos(az), sinEl],
  };
}

/** What one pass over the vertices learns: the model's box and its extents on the screen axes. */
export type ModelExtents = {
  /** Triangles whose nine coordinates are all finite; the others are never drawn. */
  finiteTriangles: number;
  min: [number, number, number];
  max: [number, number, number];
  /** Range of `dot(p, right)` and `dot(p, up)` over the vertices. */
  rightRange: [number, number];
  upRange: [number, number];
};

/**
 * One pass over the positions. Arithmetic is in doubles, so coordinates up to the float32 limit
 * (3.4e38) still give usable extents; triangles with a NaN or infinite coordinate are skipped.
 */
export function measureExtents(positions: Float32Array, basis: ViewBasis): ModelExtents {
  const [rx, ry] = basis.right;
  const [ux, uy, uz] = basis.up;
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  let minR = Infinity;
  let maxR = -Infinity;
  let minU = Infinity;
  let maxU = -Infinity;
  let finite = 0;
  const end = positions.length - (positions.length % 9);
  for (let t = 0; t < end; t += 9) {
    // The sum is NaN or infinite exactly when a coordinate is (doubles cannot overflow on nine
    // float32 values), so one test covers all nine.
    let sum = 0;
    for (let k = t; k < t + 9; k++) sum += positions[k]!;
    if (!(sum - sum === 0)) continue;
    finite++;
    for (let k = t; k < t + 9; k += 3) {
      const x = positions[k]!;
      const y = positions[k + 1]!;
      const z = positions[k + 2]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
      const r = rx * x + ry * y;
      const u = ux * x + uy * y + uz * z;
      if (r < minR) minR = r;
      if (r > maxR) maxR = r;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
    }
  }
  return {
    finiteTriangles: finite,
    min: [minX, minY, minZ],
    max: [maxX, maxY, maxZ],
    rightRange: [minR, maxR],
    upRange: [minU, maxU],
  };
}

/**
 * Maps model space to a sample grid: rows are screen x, screen y (down) and depth (towards the
 * camera, in samples, relative to the model's centre so float32 depth keeps its precision even
 * for coordinates far from the origin). 12 numbers: 3 rows of (x, y, z, constant).
 */
export type Projection = {
  matrix: Float64Array;
  /** Samples per millimetre. */
  scale: number;
  /** Screen position of the view-plane origin, to turn screen points back into model space. */
  centreRight: number;
  centreUp: number;
};

/**
 * Frames the model so its projected extents fit the grid minus `margin` (a fraction of the shorter
 * side) on every side, centred.
 */
export function fitProjection(
  basis: ViewBasis,
  extents: ModelExtents,
  width: number,
  height: number,
  margin: number,
): Projection {
  const spanR = extents.rightRange[1] - extents.rightRange[0];
  const spanU = extents.upRange[1] - extents.upRange[0];
  const border = 2 * margin * Math.min(width, height);
  const fitR = spanR > 0 ? (width - border) / spanR : Infinity;
  const fitU = spanU > 0 ? (height - border) / spanU : Infinity;
  let scale = Math.min(fitR, fitU);
  // A point or a model with no finite triangle: nothing is drawn, any finite scale will do.
  if (!Number.isFinite(scale) || scale <= 0) scale = 1;
  const centreRight = (extents.rightRange[0] + extents.rightRange[1]) / 2 || 0;
  const centreUp = (extents.upRange[0] + extents.upRange[1]) / 2 || 0;
  const centre = extents.min.map((low, i) => (low + extents.max[i]!) / 2 || 0);
  const depthOfCentre = dot(basis.toCamera, centre);

  const m = new Float64Array(12);
  const { right, up, toCamera } = basis;
  for (let i = 0; i < 3; i++) {
    m[i] = scale * right[i]!;
    m[4 + i] = -scale * up[i]!;
    m[8 + i] = scale * toCamera[i]!;
  }
  m[3] = width / 2 - scale * centreRight;
  m[7] = height / 2 + scale * centreUp;
  m[11] = -scale * depthOfCentre;
  return { matrix: m, scale, centreRight, centreUp };
}

/**
 * The model-space point of the view plane (through the origin, depth 0) under screen point
 * (x, y) of a grid of `width` x `height` samples.
 */
export function unproject(
  projection: Projection,
  basis: ViewBasis,
  width: number,
  height: number,
  x: number,
  y: number,
): [number, number, number] {
  const alongRight = (x - width / 2) / projection.scale + projection.centreRight;
  const alongUp = -(y - height / 2) / projection.scale + projection.centreUp;
  const { right, up } = basis;
  return [
    alongRight * right[0] + alongUp * up[0],
    alongRight * right[1] + alongUp * up[1],
    alongRight * right[2] + alongUp * up[2],
  ];
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}
