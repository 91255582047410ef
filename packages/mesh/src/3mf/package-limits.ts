import { MAX_MODEL_TRIANGLES, MAX_MODEL_VERTICES } from '../mesh-errors.ts';

/**
 * What one 3MF package may cost us. Uploads are up to 500 MB; these bound the time and memory of
 * reading one, whatever its content claims.
 */
export type PackageLimits = {
  /**
   * Most bytes inflated from the package in all (model parts, relationships, and entries inflated
   * only to be skipped): `too-large`. 2 GiB is about what the XML of a mesh at
   * MAX_MODEL_TRIANGLES takes (a triangle is some 50 bytes of XML, a vertex some 70), and about
   * four times a 500 MB upload, XML's usual ratio.
   */
  maxInflatedBytes: number;
  /**
   * Most bytes inflated per byte of the package read so far, beyond `ratioAllowanceBytes`:
   * `too-large`. Mesh XML deflates 4 to 10 times; even very repetitive parts (a slice stack of
   * identical layers) stay near 100. A ZIP bomb's entries reach 1,000, so a small bomb is
   * refused after inflating at most 100 times its size plus the allowance, not 2 GiB.
   */
  maxCompressionRatio: number;
  /** What any package may inflate before the ratio counts: small packages are never refused for it. */
  ratioAllowanceBytes: number;
  /** Most vertices kept from all model parts (12 bytes each): `too-many-vertices`. */
  maxVertices: number;
  /** Most triangles kept from all model parts (12 bytes each), placed or not: `too-many-triangles`. */
  maxStoredTriangles: number;
  /** Most triangles once the build is placed (components repeat their objects): `too-many-triangles`. */
  maxPlacedTriangles: number;
  /** Objects, components and build items together (each a small record): `too-large`. */
  maxObjectRecords: number;
  /**
   * Deepest nesting of components below a build item (the item's object is level 0): `too-deep`,
   * as is a cycle. Assemblies from CAD tools nest a few levels; 32 is far beyond that.
   */
  maxComponentDepth: number;
  /** Longest tag, from `<` to `>`, in any XML part: `unreadable`. Real tags are under 2 KB. */
  maxTagBytes: number;
};

export const PACKAGE_LIMITS: PackageLimits = {
  maxInflatedBytes: 2 * 1024 ** 3,
  maxCompressionRatio: 100,
  ratioAllowanceBytes: 64 * 1024 ** 2,
  maxVertices: MAX_MODEL_VERTICES,
  maxStoredTriangles: MAX_MODEL_TRIANGLES,
  maxPlacedTriangles: MAX_MODEL_TRIANGLES,
  maxObjectRecords: 100_000,
  maxComponentDepth: 32,
  maxTagBytes: 64 * 1024,
};
