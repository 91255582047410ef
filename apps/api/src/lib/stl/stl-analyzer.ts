import { MeshStats } from './mesh-stats.ts';
import type { StlAnalysis } from './stl-analysis.ts';
import { StlDecoder } from './stl-decoder.ts';
import { StlRejectedError } from './stl-errors.ts';

/**
 * Checks and measures an STL file fed chunk by chunk, for example as an upload streams to disk:
 * `push` every chunk (split anywhere), then `finish` for the analysis. Memory stays constant
 * whatever the file's size. Binary or ASCII is decided from the bytes alone (see stl-decoder.ts).
 * Both methods throw StlRejectedError for a file we refuse; `push` as soon as that is certain, so
 * an upload can stop reading.
 */
export class StlAnalyzer {
  readonly #decoder = new StlDecoder(() => new MeshStats());
  #failure: StlRejectedError | null = null;

  push(chunk: Uint8Array): void {
    if (this.#failure) throw this.#failure;
    try {
      this.#decoder.push(chunk);
    } catch (err) {
      if (err instanceof StlRejectedError) this.#failure = err;
      throw err;
    }
  }

  finish(): StlAnalysis {
    if (this.#failure) throw this.#failure;
    const { format, sink } = this.#decoder.finish();
    return sink.result(format);
  }
}

/** The analysis of an STL file held in memory. */
export function analyzeStl(bytes: Uint8Array): StlAnalysis {
  const analyzer = new StlAnalyzer();
  analyzer.push(bytes);
  return analyzer.finish();
}
