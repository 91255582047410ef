import { useMutation } from '@tanstack/react-query';
import { apiResponse } from '@/lib/api-client.ts';

/** The name to save under when the answer names no file. */
const FALLBACK_FILE_NAME = 'printmarket-data.json';

/**
 * GET /api/user/export: what the account holds, as a JSON file named in its Content-Disposition
 * (`printmarket-{username}-{date}.json`). 401 for visitors.
 */
export async function fetchDataExport(): Promise<{ file: Blob; fileName: string }> {
  const response = await apiResponse('/api/user/export');
  const named = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/);
  return { file: await response.blob(), fileName: named?.[1] ?? FALLBACK_FILE_NAME };
}

export function useDataExportMutation() {
  return useMutation({ mutationFn: fetchDataExport });
}
