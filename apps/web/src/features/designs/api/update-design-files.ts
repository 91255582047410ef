import { apiFetch } from '@/lib/api-client.ts';

export const FAILED_UPDATE_FILES = 'Failed to update files';

export type DesignFilesUpdateResponse = {
  message: string;
  design: { _id: string; id: string; slug: string };
  files: { _id: string; name: string; type: 'image' | 'stl' }[];
};

/**
 * PATCH /api/edit/{id}/files: removes files (by id or by the URL the client was given) and adds new
 * ones, multipart `filesToRemove` and `newFiles`, both repeated.
 */
export function updateDesignFiles(
  designId: string,
  change: { remove: string[]; add: File[] },
): Promise<DesignFilesUpdateResponse> {
  const form = new FormData();
  for (const id of change.remove) form.append('filesToRemove', id);
  for (const file of change.add) form.append('newFiles', file, file.name);
  return apiFetch<DesignFilesUpdateResponse>(`/api/edit/${encodeURIComponent(designId)}/files`, {
    method: 'PATCH',
    body: form,
  });
}
