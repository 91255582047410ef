import { createDepthTarget, rasterizeTriangles } from './triangle-raster.ts';
import type { ModelExtents } from './view.ts';

/**
 * A soft shadow on the floor (the plane under the model's lowest point), as from an overcast sky:
 * dark and tight where the model touches the floor, faint and wide under parts that are higher up.
 * It grounds the object in the picture at the cost of one coarse top-down pass over the triangles.
 */
export type FloorShadow = {
  /** Share of the floor's light taken away, 0-1, per cell. */
  darkness: Float32Array;
  columns: number;
  rows: number;
  /** Model-space position of the grid's corner, and the cell size, in millimetres. */
  originX: number;
  originY: number;
  cell: number;
  floorZ: number;
};

/** Cells along the longer side: the shadow is blurred, so a coarse grid is enough. */
const GRID = 128;
/** Floor around the footprint the shadow may spread over, as a share of the model's size. */
const PAD = 0.35;
const CONTACT = { strength: 0.55, falloff: 0.03, blur: 0.015 };
const AMBIENT = { strength: 0.5, falloff: 0.5, blur: 0.07 };
const MAX_DARKNESS = 0.8;

export function buildFloorShadow(positions: Float32Array, extents: ModelExtents): FloorShadow | null {
  const [minX, minY, minZ] = extents.min;
  const [maxX, maxY, maxZ] = extents.max;
  const size = Math.max(maxX - minX, maxY - minY, maxZ - minZ);
  if (extents.finiteTriangles === 0 || !(size > 0) || !Number.isFinite(size)) return null;

  const pad = PAD * size;
  const cell = (Math.max(maxX - minX, maxY - minY) + 2 * pad) / GRID;
  const columns = Math.max(1, Math.ceil((maxX - minX + 2 * pad) / cell));
  const rows = Math.max(1, Math.ceil((maxY - minY + 2 * pad) / cell));
  const originX = minX - pad;
  const originY = minY - pad;

  // Looking up from below the floor: the nearest surface in each cell is the lowest one over it.
  const m = new Float64Array(12);
  m[0] = 1 / cell;
  m[3] = -originX / cell;
  m[5] = 1 / cell;
  m[7] = -originY / cell;
  m[10] = -1 / cell;
  m[11] = minZ / cell;
  const target = createDepthTarget(columns, rows);
  rasterizeTriangles(positions, m, target);

  const contact = new Float32Array(columns * rows);
  const ambient = new Float32Array(columns * rows);
  for (let i = 0; i < contact.length; i++) {
    if (target.triangle[i]! < 0) continue;
    const height = Math.max(0, -target.depth[i]! * cell);
    contact[i] = Math.exp(-height / (CONTACT.falloff * size));
    ambient[i] = Math.exp(-height / (AMBIENT.falloff * size));
  }
  blur(contact, columns, rows, Math.max(1, Math.round((CONTACT.blur * size) / cell)));
  blur(ambient, columns, rows, Math.max(1, Math.round((AMBIENT.blur * size) / cell)));

  const darkness = new Float32Array(columns * rows);
  for (let i = 0; i < darkness.length; i++) {
    darkness[i] = Math.min(MAX_DARKNESS, CONTACT.strength * contact[i]! + AMBIENT.strength * ambient[i]!);
  }
  return { darkness, columns, rows, originX, originY, cell, floorZ: minZ };
}

/** Darkness at fractional grid position (gx, gy), bilinear; 0 outside the grid. */
export function sampleShadow(shadow: FloorShadow, gx: number, gy: number): number {
  const x = gx - 0.5;
  const y = gy - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const { columns, rows, darkness } = shadow;
  if (!(x0 >= -1 && y0 >= -1 && x0 < columns && y0 < rows)) return 0;
  const fx = x - x0;
  const fy = y - y0;
  // Corners beyond the grid count as unshadowed floor.
  const left = x0 >= 0;
  const right = x0 + 1 < columns;
  const top = y0 >= 0 ? y0 * columns : -1;
  const bottom = y0 + 1 < rows ? (y0 + 1) * columns : -1;
  const a = top >= 0 && left ? darkness[top + x0]! : 0;
  const b = top >= 0 && right ? darkness[top + x0 + 1]! : 0;
  const c = bottom >= 0 && left ? darkness[bottom + x0]! : 0;
  const d = bottom >= 0 && right ? darkness[bottom + x0 + 1]! : 0;
  return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}

/** Three box blurs in each direction, close to a Gaussian; values beyond the edges count as 0. */
function blur(data: Float32Array, columns: number, rows: number, radius: number): void {
  const line = new Float32Array(Math.max(columns, rows));
  for (let pass = 0; pass < 3; pass++) {
    for (let y = 0; y < rows; y++) boxLine(data, y * columns, 1, columns, radius, line);
    for (let x = 0; x < columns; x++) boxLine(data, x, columns, rows, radius, line);
  }
}

function boxLine(
  data: Float32Array,
  start: number,
  stride: number,
  length: number,
  radius: number,
  line: Float32Array,
): void {
  for (let i = 0; i < length; i++) line[i] = data[start + i * stride]!;
  const width = 2 * radius + 1;
  let sum = 0;
  for (let i = 0; i < radius && i < length; i++) sum += line[i]!;
  for (let i = 0; i < length; i++) {
    if (i + radius < length) sum += line[i + radius]!;
    if (i - radius - 1 >= 0) sum -= line[i - radius - 1]!;
    data[start + i * stride] = sum / width;
  }
}
