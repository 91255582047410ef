import type { MeshFormat, MeshWarning } from './mesh-analysis.ts';
import type { TriangleSink } from './triangle-batch.ts';

/**
 * Makes the consumer of one reading. `declaredTriangles` is what the file announces, when it does
 * (a binary STL's header), so a consumer can size its memory once; it may be wrong.
 */
export type SinkFactory<S extends TriangleSink> = (format: MeshFormat, declaredTriangles: number | null) => S;

/**
 * Reads one model file fed in chunks split anywhere, handing its triangles to a sink made by the
 * factory (in the file's order; a 3MF's once its build is known). `push` throws MeshRejectedError
 * as soon as the file is certain to be refused, so an upload can stop reading; `finish` throws it
 * when the file ends without a complete reading.
 */
export interface MeshReader<S extends TriangleSink> {
  push(chunk: Uint8Array): void;
  finish(): MeshReading<S>;
}

export type MeshReading<S extends TriangleSink> = { format: MeshFormat; sink: S; warnings: MeshWarning[] };
