/** The largest value of a normalized signed 16-bit integer: it stands for 1.0. */
const INT16_ONE = 32767;

type Point = [number, number, number];

/**
 * The 16-bit grid the preview's positions lie on (KHR_mesh_quantization: normalized signed 16-bit
 * integers), and the transform that turns them back into millimetres where the model stands:
 * `translation + scale * value / 32767`. One scale for all three axes, so the node's transform is a
 * plain uniform scale and a viewer's measurements and lighting need nothing special; the step is
 * the largest side over 65,534 (1.5 µm for a 100 mm model).
 */
export type PreviewGrid = {
  /** The bounding box's centre, millimetres. */
  translation: Point;
  /** Half the bounding box's largest side, millimetres (1 for a single point). */
  scale: number;
  /** Distance between neighbouring points of the grid, millimetres. */
  stepMm: number;
  /** The bounding box of the positions the grid was made for, millimetres. */
  min: Point;
  max: Point;
};

/** The grid that spans `positions` (x, y, z after x, y, z) with the full 16-bit range on its longest side. */
export function previewGrid(positions: Float32Array): PreviewGrid {
  const min: Point = [Infinity, Infinity, Infinity];
  const max: Point = [-Infinity, -Infinity, -Infinity];
  for (let at = 0; at < positions.length; at += 3) {
    for (let axis = 0; axis < 3; axis++) {
      const value = positions[at + axis]!;
      if (value < min[axis]!) min[axis] = value;
      if (value > max[axis]!) max[axis] = value;
    }
  }
  const translation: Point = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
  const halfSide = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / 2;
  const scale = halfSide > 0 ? halfSide : 1;
  return { translation, scale, stepMm: scale / INT16_ONE, min, max };
}

/** Each coordinate as the grid's integer nearest to it. */
export function quantizeToGrid(positions: Float32Array, grid: PreviewGrid): Int16Array {
  const values = new Int16Array(positions.length);
  const factor = INT16_ONE / grid.scale;
  const [tx, ty, tz] = grid.translation;
  for (let at = 0; at < positions.length; at += 3) {
    values[at] = Math.round((positions[at]! - tx) * factor);
    values[at + 1] = Math.round((positions[at + 1]! - ty) * factor);
    values[at + 2] = Math.round((positions[at + 2]! - tz) * factor);
  }
  return values;
}

/**
 * Each coordinate moved to the nearest point of the grid, still in millimetres: what the preview
 * will show anyway. Corners that differ only by noise below the grid's step become the very same
 * floats, so welding joins them; quantizing the result later gives back the same integers.
 */
export function snapToGrid(positions: Float32Array, grid: PreviewGrid): Float32Array {
  const snapped = new Float32Array(positions.length);
  const factor = INT16_ONE / grid.scale;
  const step = grid.scale / INT16_ONE;
  const [tx, ty, tz] = grid.translation;
  for (let at = 0; at < positions.length; at += 3) {
    snapped[at] = tx + Math.round((positions[at]! - tx) * factor) * step;
    snapped[at + 1] = ty + Math.round((positions[at + 1]! - ty) * factor) * step;
    snapped[at + 2] = tz + Math.round((positions[at + 2]! - tz) * factor) * step;
  }
  return snapped;
}
