import { resolveAgainstApi } from '@/components/model-viewer/get-signed-url.ts';
import { apiFetch } from '@/lib/api-client.ts';

/**
 * GET /api/designs/download/{fileId}: a short-lived download link for one file. The server decides
 * whether this person may have it; the link answers with `Content-Disposition: attachment`.
 */
export async function fetchDownloadUrl(fileId: string): Promise<string> {
  const body = await apiFetch<{ url?: unknown }>(`/api/designs/download/${encodeURIComponent(fileId)}`);
  if (typeof body?.url !== 'string' || body.url === '') throw new Error('No download link received.');
  return resolveAgainstApi(body.url);
}
