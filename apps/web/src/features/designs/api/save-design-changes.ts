import { errorMessage } from '@/lib/api-client.ts';
import { type DesignFieldsUpdate, FAILED_UPDATE_FIELDS, updateDesign } from './update-design.ts';
import { FAILED_UPDATE_FILES, updateDesignFiles } from './update-design-files.ts';

export type DesignFilesUpdate = { remove: string[]; add: File[] };

/**
 * The edit screen's Save: the fields, then the file changes when there are any. A failure says
 * which step failed, in the server's words when it gave some.
 */
export async function saveDesignChanges(
  designId: string,
  fields: DesignFieldsUpdate,
  files: DesignFilesUpdate | null,
): Promise<void> {
  try {
    await updateDesign(designId, fields);
  } catch (error) {
    throw new Error(errorMessage(error, FAILED_UPDATE_FIELDS));
  }
  if (!files) return;
  try {
    await updateDesignFiles(designId, files);
  } catch (error) {
    throw new Error(errorMessage(error, FAILED_UPDATE_FILES));
  }
}

/** The message shown (and alerted) when saving failed. */
export function saveFailedMessage(error: unknown): string {
  return `Error saving changes: ${error instanceof Error ? error.message : 'Unknown error'}`;
}
