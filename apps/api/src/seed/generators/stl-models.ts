import { latticeCube, spring, terrainTile } from './free-form-models.ts';
import { gear, knurledKnob, ornamentBall, rook, starBox, torusRing, twistedVase } from './lathe-models.ts';
import { type Mesh, meshSize, meshToBinaryStl, placeOnBed } from './mesh.ts';
import { createRandom, type Random } from './random.ts';

const BUILDERS = {
  'ornament-ball': ornamentBall,
  'torus-ring': torusRing,
  'twisted-vase': twistedVase,
  gear,
  'terrain-tile': terrainTile,
  rook,
  'knurled-knob': knurledKnob,
  'star-box': starBox,
  spring,
  'lattice-cube': latticeCube,
} satisfies Record<string, (random: Random, budget: number) => Mesh>;

export type ModelKind = keyof typeof BUILDERS;

export const MODEL_KINDS = Object.keys(BUILDERS) as ModelKind[];

export type ModelOptions = {
  /** Same seed, same model: proportions, counts and styles all come from it. */
  seed: number;
  /**
   * 0 to 1: resolution, from about 3 thousand triangles (0) to about 300 thousand (1), growing
   * geometrically so the middle of the range is still a modest file.
   */
  detail: number;
};

export type GeneratedModel = { stl: Buffer; triangles: number; sizeMm: [number, number, number] };

const MIN_TRIANGLES = 3_000;
const MAX_TRIANGLES = 300_000;

export function triangleBudget(detail: number): number {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(detail) ? detail : 0));
  return Math.round(MIN_TRIANGLES * (MAX_TRIANGLES / MIN_TRIANGLES) ** clamped);
}

/** The model as a mesh resting on the bed, centred on the origin (millimetres, Z up). */
export function buildModelMesh(kind: ModelKind, { seed, detail }: ModelOptions): Mesh {
  // Mixing the kind in keeps e.g. seed 1 of a gear from sharing all its random draws with a vase.
  const random = createRandom((Math.imul(seed | 0, 0x9e3779b1) + MODEL_KINDS.indexOf(kind) * 7919) >>> 0);
  return placeOnBed(BUILDERS[kind](random, triangleBudget(detail)));
}

/** A closed, printable binary STL of `kind`, the same bytes for the same seed and detail. */
export function generateModel(kind: ModelKind, options: ModelOptions): GeneratedModel {
  const mesh = buildModelMesh(kind, options);
  const stl = meshToBinaryStl(mesh, `demo ${kind} #${options.seed}`);
  const [x, y, z] = meshSize(mesh);
  const round = (value: number) => Math.round(value * 100) / 100;
  return { stl, triangles: mesh.triangles.length / 3, sizeMm: [round(x), round(y), round(z)] };
}
