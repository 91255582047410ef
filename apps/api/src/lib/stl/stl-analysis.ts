export type Vec3 = [number, number, number];

export type StlFormat = 'binary' | 'ascii';

/** What we store about an STL file. Lengths are millimetres, STL's customary unit. */
export type StlAnalysis = {
  format: StlFormat;
  triangles: number;
  bbox: { min: Vec3; max: Vec3 };
  sizeMm: Vec3;
  /** Enclosed volume; only meaningful when `closed` is true. */
  volumeCm3: number;
  areaMm2: number;
  areaCm2: number;
  /**
   * Every edge shared by two triangles running along it in opposite directions: a watertight,
   * consistently oriented surface a slicer can fill (see closedness.ts).
   */
  closed: boolean;
};
