import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchBytes,
  type LoadProgress,
  loadBytes,
  type ModelSource,
  progressPercent,
  readResponseBytes,
  sameSource,
} from './model-source.ts';

/** A response whose body arrives in the given chunks, with an optional Content-Length. */
function chunkedResponse(chunks: number[][], contentLength?: number): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  });
  const headers = contentLength === undefined ? undefined : { 'content-length': String(contentLength) };
  return new Response(body, { headers });
}

const signal = () => new AbortController().signal;

afterEach(() => vi.unstubAllGlobals());

describe('readResponseBytes', () => {
  it('reports progress against the Content-Length and returns every byte', async () => {
    const progress: LoadProgress[] = [];
    const bytes = await readResponseBytes(chunkedResponse([[1, 2], [3, 4, 5], [6]], 6), (p) =>
      progress.push(p),
    );
    expect(Array.from(new Uint8Array(bytes))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.map(progressPercent)).toEqual([0, 33, 83, 100]);
  });

  it('reports bytes without a percent when the size is not announced', async () => {
    const progress: LoadProgress[] = [];
    const bytes = await readResponseBytes(chunkedResponse([[1], [2, 3]]), (p) => progress.push(p));
    expect(Array.from(new Uint8Array(bytes))).toEqual([1, 2, 3]);
    expect(progress).toEqual([
      { loaded: 0, total: null },
      { loaded: 1, total: null },
      { loaded: 3, total: null },
    ]);
    expect(progress.map(progressPercent)).toEqual([null, null, null]);
  });

  it('keeps every byte when the body is longer than announced (the length of a compressed body)', async () => {
    const progress: LoadProgress[] = [];
    const bytes = await readResponseBytes(
      chunkedResponse(
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        3,
      ),
      (p) => progress.push(p),
    );
    expect(Array.from(new Uint8Array(bytes))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.at(-1)).toEqual({ loaded: 6, total: null });
  });

  it('returns only what arrived when the body is shorter than announced', async () => {
    const bytes = await readResponseBytes(chunkedResponse([[1, 2]], 10));
    expect(Array.from(new Uint8Array(bytes))).toEqual([1, 2]);
  });
});

describe('loadBytes', () => {
  it('reads a picked file', async () => {
    const file = new File([new Uint8Array([7, 8, 9])], 'part.stl');
    const bytes = await loadBytes({ kind: 'file', file }, { signal: signal() });
    expect(Array.from(new Uint8Array(bytes))).toEqual([7, 8, 9]);
  });

  it('copies an in-memory buffer, so handing it to the worker leaves the caller’s intact', async () => {
    const buffer = new Uint8Array([1, 2, 3]).buffer;
    const bytes = await loadBytes({ kind: 'buffer', buffer }, { signal: signal() });
    structuredClone(bytes, { transfer: [bytes] });
    expect(buffer.byteLength).toBe(3);
  });

  it('asks for the signed URL first, then downloads the file from it', async () => {
    const fetchMock = vi.fn(async () => chunkedResponse([[5, 6]], 2));
    vi.stubGlobal('fetch', fetchMock);
    const getUrl = vi.fn(async () => 'https://files.example/part.stl?sig=abc');
    const bytes = await loadBytes({ kind: 'signed-url', key: 'part.stl', getUrl }, { signal: signal() });
    expect(Array.from(new Uint8Array(bytes))).toEqual([5, 6]);
    expect(fetchMock).toHaveBeenCalledWith('https://files.example/part.stl?sig=abc', expect.anything());
  });

  it('fails with the HTTP status when the file cannot be downloaded', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404, statusText: 'Not Found' }));
    await expect(loadBytes({ kind: 'url', url: '/files/part.stl' }, { signal: signal() })).rejects.toThrow(
      'The server answered 404 Not Found',
    );
  });
});

describe('fetchBytes', () => {
  it('downloads without credentials: signed URLs carry their own, preview meshes are public', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => chunkedResponse([[1, 2, 3]], 3));
    vi.stubGlobal('fetch', fetchMock);
    const bytes = await fetchBytes('/uploads/previews/part.glb', { signal: signal() });
    expect(Array.from(new Uint8Array(bytes))).toEqual([1, 2, 3]);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit' });
  });
});

describe('sameSource', () => {
  it('treats a new object naming the same file as the same source', () => {
    const file = new File([], 'a.stl');
    const getUrl = async () => '';
    const stl = { modelKind: 'stl' } as const;
    expect(sameSource({ kind: 'url', url: '/a.stl', ...stl }, { kind: 'url', url: '/a.stl', ...stl })).toBe(
      true,
    );
    expect(sameSource({ kind: 'file', file, ...stl }, { kind: 'file', file, ...stl })).toBe(true);
    expect(
      sameSource(
        { kind: 'signed-url', key: 'a', getUrl, ...stl },
        { kind: 'signed-url', key: 'a', getUrl: async () => '', ...stl },
      ),
    ).toBe(true);
  });

  it('tells different files apart, and the same bytes read as another kind', () => {
    const sources: ModelSource[] = [
      { kind: 'url', url: '/a.stl', modelKind: 'stl' },
      { kind: 'url', url: '/b.stl', modelKind: 'stl' },
      { kind: 'url', url: '/b.stl', modelKind: 'obj' },
      { kind: 'file', file: new File([], 'a.stl'), modelKind: 'stl' },
      { kind: 'file', file: new File([], 'a.stl'), modelKind: 'stl' },
      { kind: 'signed-url', key: '/a.stl', getUrl: async () => '', modelKind: 'stl' },
    ];
    for (const [i, a] of sources.entries()) {
      for (const [j, b] of sources.entries()) expect(sameSource(a, b)).toBe(i === j);
    }
  });
});
