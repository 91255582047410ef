import type { MeshAnalysis } from '@printmarket/mesh/mesh-analysis';
import type { StlAnalysisJson } from '../../db/schema.ts';

/** What a design file row keeps of an analysis (the corners of the bounding box and mm² are not). */
export function analysisJson(analysis: MeshAnalysis): StlAnalysisJson {
  return {
    format: analysis.format,
    triangles: analysis.triangles,
    sizeMm: analysis.sizeMm,
    volumeCm3: analysis.volumeCm3,
    areaCm2: analysis.areaCm2,
    closed: analysis.closed,
    warnings: analysis.warnings,
    sizeHint: analysis.sizeHint,
  };
}
