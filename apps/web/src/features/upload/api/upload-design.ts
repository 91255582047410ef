import type { UploadResponse } from '@printmarket/shared/uploads';
import { API_BASE } from '@/lib/api-base.ts';
import { parseErrorBody } from '@/lib/api-client.ts';
import { getStoredToken } from '@/lib/auth-storage.ts';

/** How far the body has gone out: whole percent, and whether every byte has been sent. */
export type UploadProgress = { percent: number; sent: boolean };

/**
 * A failed upload. `network`: the server could not be reached (or the connection broke);
 * `server`: it answered with an error, `serverMessage` being its message when it sent one.
 */
export class UploadError extends Error {
  readonly kind: 'network' | 'server' | 'aborted';
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(kind: UploadError['kind'], status: number, serverMessage: string | null) {
    super(serverMessage ?? (kind === 'network' ? 'File upload failed' : `Upload failed (${status})`));
    this.name = 'UploadError';
    this.kind = kind;
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/**
 * The alert after a failed upload (docs/product.md#design-messages), or null when the person cancelled it.
 */
export function uploadFailureText(error: unknown): string | null {
  if (error instanceof UploadError) {
    if (error.kind === 'aborted') return null;
    if (error.kind === 'network') return 'File upload failed';
    return `Upload failed: ${error.serverMessage ?? 'Unknown error'}`;
  }
  return 'Upload failed: Unknown error';
}

/** The part of XMLHttpRequest the upload uses; tests pass a stand-in. */
export type UploadXhr = Pick<
  XMLHttpRequest,
  'open' | 'send' | 'abort' | 'setRequestHeader' | 'status' | 'responseText' | 'upload'
> & {
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
};

export type UploadOptions = {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Makes the request object; the browser's XMLHttpRequest by default. */
  createXhr?: () => UploadXhr;
};

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * POST /api/designs/upload with the multipart `body`, token in `x-auth-token`. XMLHttpRequest,
 * because fetch cannot report how much of a request body has been sent, and big STL files take
 * a while: `onProgress` follows the bytes. Resolves to the created design.
 */
export function uploadDesign(body: FormData, options: UploadOptions = {}): Promise<UploadResponse> {
  const { onProgress, signal, createXhr = () => new XMLHttpRequest() } = options;
  return new Promise<UploadResponse>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError('aborted', 0, null));
      return;
    }
    const xhr = createXhr();
    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('POST', `${API_BASE}/api/designs/upload`);
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('x-auth-token', token);
    xhr.setRequestHeader('accept', 'application/json');

    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || event.total <= 0) return;
      const percent = Math.min(100, Math.floor((event.loaded / event.total) * 100));
      onProgress?.({ percent, sent: event.loaded >= event.total });
    };
    xhr.upload.onload = () => onProgress?.({ percent: 100, sent: true });

    xhr.onload = () => {
      settle();
      const answer = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const design = (answer as Partial<UploadResponse> | undefined)?.design;
        if (design && typeof design.slug === 'string' && design.slug !== '') {
          resolve(answer as UploadResponse);
          return;
        }
        // A proxy or an old server answering 2xx without the design: nothing to go to.
        reject(new UploadError('server', xhr.status, null));
        return;
      }
      reject(new UploadError('server', xhr.status, parseErrorBody(answer).message));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError('network', 0, null));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadError('aborted', 0, null));
    };
    xhr.send(body);
  });
}
