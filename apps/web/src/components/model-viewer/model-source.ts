/**
 * Where the viewer's model bytes come from, and reading them with download progress. No three.js
 * here: this runs in the light part of the viewer, while the 3D chunk is still downloading.
 */
import type { ModelKind } from '@printmarket/mesh/mesh-errors';

/** Where the bytes of a file come from. */
export type ByteSource =
  /** A URL the browser may fetch as is (a public file, or an already signed URL). */
  | { kind: 'url'; url: string }
  /**
   * A URL that must be asked for first, e.g. a signed URL from the API. `key` names the file:
   * the viewer reloads when it changes, not when a new `getUrl` function is passed on a re-render.
   */
  | { kind: 'signed-url'; key: string; getUrl: (signal: AbortSignal) => Promise<string> }
  /** A local file, e.g. a model file a creator picked in the upload wizard. */
  | { kind: 'file'; file: Blob }
  /** Bytes already in memory. They are copied, so the caller's buffer stays usable. */
  | { kind: 'buffer'; buffer: ArrayBuffer };

/** A model file to show in full: where its bytes come from, and which reader reads them. */
export type ModelSource = ByteSource & { modelKind: ModelKind };

/** Download progress: bytes so far, and the total when the server announced it. */
export type LoadProgress = { loaded: number; total: number | null };

export type LoadOptions = { signal: AbortSignal; onProgress?: (progress: LoadProgress) => void };

/**
 * Whether two sources name the same file. Pages often build the source object anew on every
 * render; the viewer starts over only when the file itself changes.
 */
export function sameSource(a: ModelSource, b: ModelSource): boolean {
  return a.kind === b.kind && a.modelKind === b.modelKind && identity(a) === identity(b);
}

function identity(source: ByteSource): unknown {
  switch (source.kind) {
    case 'url':
      return source.url;
    case 'signed-url':
      return source.key;
    case 'file':
      return source.file;
    case 'buffer':
      return source.buffer;
  }
}

/** The file's bytes as an ArrayBuffer the caller owns (it is transferred to the reading worker). */
export async function loadBytes(source: ByteSource, options: LoadOptions): Promise<ArrayBuffer> {
  switch (source.kind) {
    case 'url':
      return fetchBytes(source.url, options);
    case 'signed-url':
      return fetchBytes(await source.getUrl(options.signal), options);
    case 'file':
      return source.file.arrayBuffer();
    case 'buffer':
      return source.buffer.slice(0);
  }
}

/** Downloads `url` into one ArrayBuffer; fails with the HTTP status when the server refuses. */
export async function fetchBytes(url: string, options: LoadOptions): Promise<ArrayBuffer> {
  // No credentials: signed URLs carry their own authorisation, preview meshes are public, and a
  // storage bucket on another origin would refuse a credentialed cross-origin request.
  const response = await fetch(url, { signal: options.signal, credentials: 'omit' });
  if (!response.ok) {
    const status = `${response.status} ${response.statusText}`.trim();
    throw new Error(`The server answered ${status}`);
  }
  return readResponseBytes(response, options.onProgress);
}

/**
 * Reads a response body chunk by chunk, reporting progress. With a Content-Length the bytes go
 * straight into one buffer of that size; without one (or when the length was that of a compressed
 * body, which is smaller than what the stream yields) they are gathered and joined at the end.
 */
export async function readResponseBytes(
  response: Response,
  onProgress?: (progress: LoadProgress) => void,
): Promise<ArrayBuffer> {
  const total = announcedLength(response);
  if (!response.body) return response.arrayBuffer();

  const reader = response.body.getReader();
  let target: Uint8Array<ArrayBuffer> | null = total !== null ? new Uint8Array(total) : null;
  let chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress?.({ loaded: 0, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (target && loaded + value.byteLength > target.byteLength) {
      chunks = [target.subarray(0, loaded)];
      target = null;
    }
    if (target) target.set(value, loaded);
    else chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total: target ? total : null });
  }
  if (target) return loaded === target.byteLength ? target.buffer : target.buffer.slice(0, loaded);
  return concat(chunks, loaded).buffer;
}

function announcedLength(response: Response): number | null {
  const header = response.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  const length = Number(header);
  return Number.isSafeInteger(length) ? length : null;
}

function concat(chunks: Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

/** Whole percent for a progress bar, or null when the size is unknown. */
export function progressPercent({ loaded, total }: LoadProgress): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.floor((loaded / total) * 100));
}
