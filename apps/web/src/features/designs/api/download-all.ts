import { API_BASE } from '@/lib/api-base.ts';
import { ApiError, buildHeaders, parseErrorBody } from '@/lib/api-client.ts';
import { getStoredToken } from '@/lib/auth-storage.ts';

export const FAILED_DOWNLOAD_DESIGN = 'Failed to download design';

/**
 * The saved archive's name (docs/product.md#downloads): the design's name with spaces turned to underscores.
 */
export function zipFileName(designName: string): string {
  return `${designName.trim().replace(/ /g, '_') || 'design'}.zip`;
}

/** GET /api/designs/download-all/{designId}: every file of the design as one ZIP, with the token. */
export async function fetchDesignZip(designId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/designs/download-all/${encodeURIComponent(designId)}`, {
      credentials: 'same-origin',
      headers: buildHeaders({ headers: { accept: 'application/zip, application/json' } }, getStoredToken()),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', serverMessage: null });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    const parsed = parseErrorBody(body);
    throw new ApiError({
      status: response.status,
      code: parsed.code ?? `HTTP_${response.status}`,
      serverMessage: parsed.message,
    });
  }
  return response.blob();
}
