export type Vec3 = [number, number, number];

/** How the model was written: binary or ASCII STL, 3MF, OBJ. */
export type MeshFormat = 'binary' | 'ascii' | '3mf' | 'obj';

/**
 * Things a reader forgave, told to the file's owner: the file was read as slicers read it, but
 * something in it was wrong and the owner may want to export it again.
 */
export type MeshWarning =
  /** A binary STL whose header count was 0 or disagreed with the file's size: read by size. */
  | 'header-count-wrong'
  /** Bytes after a binary STL's last whole triangle (padding), or after the last ASCII solid. */
  | 'trailing-bytes'
  /** An ASCII STL that ends without `endsolid`. */
  | 'no-endsolid'
  /** An OBJ face with fewer than three corners, skipped. */
  | 'short-face';

export const MESH_WARNING_MESSAGES: Record<MeshWarning, string> = {
  'header-count-wrong': 'The triangle count in the header was wrong; read by size.',
  'trailing-bytes': 'There were extra bytes after the last triangle; they were ignored.',
  'no-endsolid': 'The file ends without "endsolid"; read up to its last complete triangle.',
  'short-face': 'Some faces had fewer than three corners; they were skipped.',
};

/**
 * A note on the model's size for everyone: a model this small or this large was most likely
 * exported in another unit than millimetres.
 */
export type SizeHint = 'tiny' | 'huge';

export const SIZE_HINT_MESSAGES: Record<SizeHint, string> = {
  tiny: 'This model is smaller than 1 mm in every direction: it may be in metres or inches rather than millimetres.',
  huge: 'This model is larger than 2 m in every direction: it may be in a smaller unit than millimetres.',
};

/** Below this in every direction a model is `tiny`, above `HUGE_MM` in every direction `huge`. */
export const TINY_MM = 1;
export const HUGE_MM = 2000;

export function sizeHint(sizeMm: Vec3): SizeHint | null {
  if (sizeMm.every((side) => side < TINY_MM)) return 'tiny';
  if (sizeMm.every((side) => side > HUGE_MM)) return 'huge';
  return null;
}

/** What we store about a model file. Lengths are millimetres. */
export type MeshAnalysis = {
  format: MeshFormat;
  triangles: number;
  bbox: { min: Vec3; max: Vec3 };
  sizeMm: Vec3;
  /** Enclosed volume, for a closed mesh only: an open one encloses nothing we could name. */
  volumeCm3: number | null;
  areaMm2: number;
  areaCm2: number;
  /**
   * Every edge shared by two triangles running along it in opposite directions: a watertight,
   * consistently oriented surface a slicer can fill (see closedness.ts).
   */
  closed: boolean;
  warnings: MeshWarning[];
  sizeHint: SizeHint | null;
};
