import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import { API_BASE } from '@/lib/api-base.ts';
import { ApiError, buildHeaders, parseErrorBody } from '@/lib/api-client.ts';
import { getStoredToken } from '@/lib/auth-storage.ts';

export const FAILED_DOWNLOAD_COLLECTION = COLLECTION_MSG.failedDownload;
export const SIGN_IN_TO_DOWNLOAD_COLLECTION = COLLECTION_MSG.signInToDownload;

/**
 * GET /api/collections/{id}/download-all: every file of the collection as one ZIP, a folder per
 * design. 401 for visitors; 403 for a paid collection the person has no access to.
 */
export async function fetchCollectionZip(id: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/collections/${encodeURIComponent(id)}/download-all`, {
      credentials: 'same-origin',
      headers: buildHeaders({ headers: { accept: 'application/zip, application/json' } }, getStoredToken()),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', serverMessage: null });
  }
  if (!response.ok) {
    const parsed = parseErrorBody(await response.json().catch(() => undefined));
    throw new ApiError({
      status: response.status,
      code: parsed.code ?? `HTTP_${response.status}`,
      serverMessage: parsed.message,
    });
  }
  return response.blob();
}
