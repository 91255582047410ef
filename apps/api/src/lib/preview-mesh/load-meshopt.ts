import type { MeshoptEncoder } from 'meshoptimizer/encoder';
import type { MeshoptSimplifier } from 'meshoptimizer/simplifier';

export type Meshopt = { simplifier: typeof MeshoptSimplifier; encoder: typeof MeshoptEncoder };

let loading: Promise<Meshopt> | undefined;

/**
 * meshoptimizer's simplifier and encoder, ready to call. Each is WebAssembly carried inside its
 * JavaScript module (no file is read beside it, so it works bundled too) and compiled when the module
 * is first evaluated: they are imported with the first preview mesh, not when the server starts.
 */
export function loadMeshopt(): Promise<Meshopt> {
  loading ??= Promise.all([import('meshoptimizer/simplifier'), import('meshoptimizer/encoder')]).then(
    async ([{ MeshoptSimplifier }, { MeshoptEncoder }]) => {
      await Promise.all([MeshoptSimplifier.ready, MeshoptEncoder.ready]);
      return { simplifier: MeshoptSimplifier, encoder: MeshoptEncoder };
    },
  );
  return loading;
}
