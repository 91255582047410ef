import { ThreeMfReader } from './3mf/three-mf-reader.ts';
import type { ModelKind } from './mesh-errors.ts';
import type { MeshReader, SinkFactory } from './mesh-reader.ts';
import { ObjReader } from './obj/obj-reader.ts';
import { StlDecoder } from './stl/stl-decoder.ts';
import type { TriangleSink } from './triangle-batch.ts';

/** The reader for a kind of model file. */
export function createMeshReader<S extends TriangleSink>(
  kind: ModelKind,
  createSink: SinkFactory<S>,
): MeshReader<S> {
  switch (kind) {
    case 'stl':
      return new StlDecoder(createSink);
    case 'obj':
      return new ObjReader(createSink);
    case '3mf':
      return new ThreeMfReader(createSink);
  }
}
