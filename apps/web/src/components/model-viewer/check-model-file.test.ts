import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkModelFile } from './check-model-file.ts';
import { checkModel } from './read-model.ts';
import type { ModelRequest } from './worker-protocol.ts';

/** The requests the checking worker was sent. */
const sent: { url: string; kind: string; bytes: number }[] = [];

/** A worker that answers with the checking worker's own code, on the next task. */
class InlineWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly #url: string;
  constructor(url: URL | string) {
    this.#url = String(url);
  }
  postMessage(request: ModelRequest) {
    sent.push({ url: this.#url, kind: request.kind, bytes: request.buffer.byteLength });
    setTimeout(() => this.onmessage?.({ data: checkModel(request) }));
  }
  terminate() {}
}

/** A binary STL of one triangle. */
function oneTriangle(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(84 + 50);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, 1, true);
  for (const [i, value] of [0, 0, 0, 10, 0, 0, 0, 10, 0].entries())
    view.setFloat32(84 + 12 + 4 * i, value, true);
  return bytes;
}

const signal = () => new AbortController().signal;

afterEach(() => {
  vi.unstubAllGlobals();
  sent.length = 0;
});

describe('checkModelFile', () => {
  it('reads the file in the checking worker with the reader its extension names', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    await checkModelFile(new File([oneTriangle()], 'Part.STL'), signal());
    await checkModelFile(new File(['v 0 0 0\n'], 'part.obj'), signal());
    await checkModelFile(new File(['PK'], 'part.3mf'), signal());
    expect(sent.map(({ kind, bytes }) => ({ kind, bytes }))).toEqual([
      { kind: 'stl', bytes: 134 },
      { kind: 'obj', bytes: 8 },
      { kind: '3mf', bytes: 2 },
    ]);
    expect(sent.every(({ url }) => url.includes('model-check.worker'))).toBe(true);
  });

  it('is null for a model, and says why a file is not one, naming its kind', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    await expect(checkModelFile(new File([oneTriangle()], 'part.stl'), signal())).resolves.toBeNull();
    await expect(checkModelFile(new File([], 'part.stl'), signal())).resolves.toBe('This STL file is empty.');
    await expect(checkModelFile(new File(['Shopping list\n'], 'notes.stl'), signal())).resolves.toBe(
      'This file is not an STL file (neither binary nor ASCII STL).',
    );
    await expect(checkModelFile(new File([], 'part.3mf'), signal())).resolves.toMatch(/3MF/);
  });

  it('rejects when aborted, without an answer', async () => {
    vi.stubGlobal('Worker', InlineWorker);
    const controller = new AbortController();
    const checked = checkModelFile(new File([oneTriangle()], 'part.stl'), controller.signal);
    controller.abort(new Error('removed'));
    await expect(checked).rejects.toThrow('removed');
  });
});
