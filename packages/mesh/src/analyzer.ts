import { type MeshAnalysis, sizeHint } from './mesh-analysis.ts';
import { MeshRejectedError, type ModelKind } from './mesh-errors.ts';
import type { MeshReader } from './mesh-reader.ts';
import { MeshStats } from './mesh-stats.ts';
import { createMeshReader } from './readers.ts';

/**
 * Checks and measures a model file fed chunk by chunk, for example as an upload streams to disk:
 * `push` every chunk (split anywhere), then `finish` for the analysis. `kind` is what the file's
 * name says it is; the content must then be that. Both methods throw MeshRejectedError for a file
 * we refuse; `push` as soon as that is certain, so an upload can stop reading.
 */
export class MeshAnalyzer {
  readonly #reader: MeshReader<MeshStats>;
  #failure: MeshRejectedError | null = null;

  constructor(kind: ModelKind) {
    this.#reader = createMeshReader(kind, () => new MeshStats());
  }

  push(chunk: Uint8Array): void {
    if (this.#failure) throw this.#failure;
    try {
      this.#reader.push(chunk);
    } catch (err) {
      if (err instanceof MeshRejectedError) this.#failure = err;
      throw err;
    }
  }

  finish(): MeshAnalysis {
    if (this.#failure) throw this.#failure;
    const { format, sink, warnings } = this.#reader.finish();
    const facts = sink.result();
    return { format, ...facts, warnings, sizeHint: sizeHint(facts.sizeMm) };
  }
}

/** The analysis of a model file held in memory. */
export function analyzeMesh(kind: ModelKind, bytes: Uint8Array): MeshAnalysis {
  const analyzer = new MeshAnalyzer(kind);
  analyzer.push(bytes);
  return analyzer.finish();
}
