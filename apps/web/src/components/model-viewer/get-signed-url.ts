import type { ModelKind } from '@printmarket/mesh/mesh-errors';
import { API_BASE } from '@/lib/api-base.ts';
import { apiFetch, errorMessage } from '@/lib/api-client.ts';
import type { ModelSource } from './model-source.ts';
import { VIEWER_MSG } from './viewer-messages.ts';

/**
 * GET /api/designs/get-signed-url/{fileName}: a short-lived URL of a model file for the 3D viewer.
 * The server decides whether this person may have it. Fails with the server's message, or with
 * 'Failed to fetch signed URL' when it sent none.
 */
export async function fetchSignedUrl(fileName: string, signal?: AbortSignal): Promise<string> {
  let body: { url?: unknown } | undefined;
  try {
    body = await apiFetch<{ url?: unknown }>(`/api/designs/get-signed-url/${encodeURIComponent(fileName)}`, {
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(errorMessage(error, VIEWER_MSG.failedSignedUrl));
  }
  if (typeof body?.url !== 'string' || body.url === '') throw new Error(VIEWER_MSG.failedSignedUrl);
  return resolveAgainstApi(body.url);
}

/** A local-disk store answers with a path on the API (`/api/...`); S3 with an absolute URL. */
export function resolveAgainstApi(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${API_BASE}${url}` : url;
}

/** The viewer source for a design's model file, fetched through a signed URL. */
export function signedModelSource(fileName: string, modelKind: ModelKind): ModelSource {
  return {
    kind: 'signed-url',
    key: fileName,
    getUrl: (signal) => fetchSignedUrl(fileName, signal),
    modelKind,
  };
}
