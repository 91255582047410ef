import { open } from 'node:fs/promises';
import type { StlAnalysis } from './stl-analysis.ts';
import { StlAnalyzer } from './stl-analyzer.ts';

/** Read size: large enough that the cost of each read vanishes, small enough for the CPU cache. */
const CHUNK_SIZE = 256 * 1024;

/**
 * Streams an STL file from disk through the analyser. One buffer is reused for every read (the
 * analyser keeps no reference to a chunk), so memory stays the same whatever the file's size.
 * Rejects with StlRejectedError for a file we refuse, or with the file system's error.
 */
export async function analyzeStlFile(path: string): Promise<StlAnalysis> {
  const analyzer = new StlAnalyzer();
  await forEachChunk(path, (chunk) => analyzer.push(chunk));
  return analyzer.finish();
}

/** Calls `consume` with successive chunks of the file, all views of one reused buffer. */
export async function forEachChunk(path: string, consume: (chunk: Uint8Array) => void): Promise<void> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_SIZE);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK_SIZE, null);
      if (bytesRead === 0) return;
      consume(buffer.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
}
