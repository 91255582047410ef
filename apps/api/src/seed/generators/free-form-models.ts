import { heightfieldBlock } from './heightfield.ts';
import { type Mesh, MeshBuilder, type Vec3 } from './mesh.ts';
import { createNoise2d, type Random } from './random.ts';
import { sweepTube } from './sweep.ts';
import { voxelSurface } from './voxels.ts';

/** Shapes not turned on a lathe. Each takes its proportions from `random` and aims at `budget` triangles. */

const TAU = 2 * Math.PI;

/** A square tile of mountains and valleys, with lakes flattened at a water line. */
export function terrainTile(random: Random, budget: number): Mesh {
  const size = random.range(60, 110);
  const base = 4;
  const relief = random.range(12, 32);
  const frequency = random.range(1.5, 3.2);
  const waterLine = random.range(0.18, 0.35);
  const ridged = random.next() < 0.5;
  const noise = createNoise2d(random.int(0, 2 ** 31));
  const offset = random.range(0, 100);
  const cells = Math.max(8, Math.round(Math.sqrt(budget / 2.2)));
  const mesh = new MeshBuilder();
  heightfieldBlock(mesh, {
    width: size,
    depth: size,
    cells,
    heightAt: (u, v) => {
      const n = noise(offset + u * frequency, offset + v * frequency, 6);
      // Ridged noise folds the valleys up into sharp crests, like eroded mountain ranges.
      const shaped = ridged ? 1 - Math.abs(n) * 1.6 : (n + 1) / 2;
      const height = Math.max(waterLine, Math.min(1, shaped));
      return base + relief * (height - waterLine) + 1;
    },
  });
  return mesh.build();
}

/** A coil spring, cylindrical or conical. */
export function spring(random: Random, budget: number): Mesh {
  const coils = random.range(3.5, 8);
  const radius = random.range(10, 22);
  const wire = random.range(1.4, 3.2);
  const pitch = 2 * wire + random.range(1.5, 6);
  const taper = random.pick([1, 1, random.range(0.45, 0.75)]);
  const length = coils * TAU * radius * ((1 + taper) / 2);
  // The wire bends far more around itself than along the coil, so faces are about twice as long
  // as wide: the triangles go where the curvature is.
  const sides = Math.max(12, Math.round(2 * Math.sqrt((budget / 2) * ((TAU * wire) / length))));
  const samples = Math.max(24, Math.round(budget / (2 * sides)));
  const path: Vec3[] = Array.from({ length: samples + 1 }, (_, i) => {
    const t = i / samples;
    const angle = t * coils * TAU;
    const r = radius * (1 + (taper - 1) * t);
    return [r * Math.cos(angle), r * Math.sin(angle), wire + t * coils * pitch];
  });
  const mesh = new MeshBuilder();
  sweepTube(mesh, path, wire, sides);
  return mesh.build();
}

/** A cube made of bars along every edge of a grid of cells, like a lattice infill sample. */
export function latticeCube(random: Random, budget: number): Mesh {
  const openings = random.int(2, 4);
  const barShare = random.range(0.18, 0.32);
  const size = random.range(35, 70);
  // Quads per unit of voxel resolution squared, from the bar surface area; see voxelSurface.
  const facesPerResolution = 12 * barShare * openings * (openings + 1) ** 2;
  const perCell = Math.max(4, Math.round(Math.sqrt(budget / (2 * facesPerResolution))));
  const bar = Math.max(1, Math.round(perCell * barShare));
  const cells = openings * perCell + bar;
  const onBar = (c: number) => c % perCell < bar;
  const mesh = new MeshBuilder();
  voxelSurface(mesh, {
    cells,
    cellSize: size / cells,
    // Filled where at least two coordinates lie on a bar: the bars along x, y and z.
    filled: (x, y, z) => Number(onBar(x)) + Number(onBar(y)) + Number(onBar(z)) >= 2,
  });
  return mesh.build();
}
