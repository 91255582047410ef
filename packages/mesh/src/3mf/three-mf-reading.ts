import { type MeshAnalysis, sizeHint } from '../mesh-analysis.ts';
import { MeshRejectedError, type MeshRejection } from '../mesh-errors.ts';
import { MeshStats } from '../mesh-stats.ts';
import { PACKAGE_LIMITS, type PackageLimits } from './package-limits.ts';
import { ThreeMfReader } from './three-mf-reader.ts';

/** For the tests: the analysis of a 3MF fed in these chunks, as MeshAnalyzer makes it. */
export function analyzeChunks(chunks: Uint8Array[], limits: Partial<PackageLimits> = {}): MeshAnalysis {
  const reader = new ThreeMfReader(() => new MeshStats(), { ...PACKAGE_LIMITS, ...limits });
  for (const chunk of chunks) reader.push(chunk);
  const { format, sink, warnings } = reader.finish();
  const facts = sink.result();
  return { format, ...facts, warnings, sizeHint: sizeHint(facts.sizeMm) };
}

export function analyze3mf(bytes: Uint8Array, limits: Partial<PackageLimits> = {}): MeshAnalysis {
  return analyzeChunks([bytes], limits);
}

/** The analysis, or the reason the file is refused; anything else thrown is a bug and thrown on. */
export function outcomeOf(
  chunks: Uint8Array[],
  limits: Partial<PackageLimits> = {},
): MeshAnalysis | MeshRejection {
  try {
    return analyzeChunks(chunks, limits);
  } catch (err) {
    if (err instanceof MeshRejectedError) return err.reason;
    throw err;
  }
}

/** The error a file is refused with; fails when it is accepted. */
export function refusalOf(bytes: Uint8Array, limits: Partial<PackageLimits> = {}): MeshRejectedError {
  try {
    analyze3mf(bytes, limits);
  } catch (err) {
    if (err instanceof MeshRejectedError) return err;
    throw err;
  }
  throw new Error('the file was accepted');
}
