import { MeshRejectedError } from '../mesh-errors.ts';
import type { MeshReader, MeshReading, SinkFactory } from '../mesh-reader.ts';
import type { TriangleSink } from '../triangle-batch.ts';
import { ObjMeshBuilder } from './obj-mesh-builder.ts';
import { ObjStatementScanner } from './obj-statement-scanner.ts';

/**
 * Reads a Wavefront OBJ file fed in chunks split anywhere: its vertices (`v`) and faces (`f`, any
 * number of corners, fan-triangulated, with positive or negative vertex numbers), every other
 * statement ignored (texture coordinates, normals, groups, objects, smoothing, materials, lines,
 * curves). Coordinates are taken as millimetres, as for STL.
 *
 * The scanner (obj-statement-scanner.ts) splits the bytes into statements and the builder
 * (obj-mesh-builder.ts) turns them into triangles, handed to the sink while the file streams:
 * memory is the vertex array (bounded by MAX_OBJ_VERTICES) plus constant.
 *
 * `push` throws MeshRejectedError as soon as the file is certain to be refused (a control byte, a
 * face naming a vertex not defined before it, an unreadable number, a limit passed), so an upload
 * can stop reading; `finish` throws it for a file that is empty or has no faces, or whose last
 * statement, without a line end after it, is broken.
 */
export class ObjReader<S extends TriangleSink> implements MeshReader<S> {
  readonly #builder: ObjMeshBuilder;
  readonly #scanner: ObjStatementScanner;
  #sink: S | null = null;
  #failure: MeshRejectedError | null = null;

  constructor(createSink: SinkFactory<S>) {
    this.#builder = new ObjMeshBuilder(() => {
      this.#sink = createSink('obj', null);
      return this.#sink;
    });
    this.#scanner = new ObjStatementScanner(this.#builder);
  }

  push(chunk: Uint8Array): void {
    if (this.#failure) throw this.#failure;
    try {
      this.#scanner.push(chunk);
    } catch (err) {
      throw this.#failed(err);
    }
  }

  finish(): MeshReading<S> {
    if (this.#failure) throw this.#failure;
    try {
      if (this.#scanner.bytes === 0) throw new MeshRejectedError('obj', 'empty');
      this.#scanner.finish();
      this.#builder.finish();
    } catch (err) {
      throw this.#failed(err);
    }
    return { format: 'obj', sink: this.#sink!, warnings: this.#builder.warnings };
  }

  /** Remembers a refusal: the scanner and builder stopped mid-statement and are not used again. */
  #failed(err: unknown): unknown {
    if (err instanceof MeshRejectedError) this.#failure = err;
    return err;
  }
}
