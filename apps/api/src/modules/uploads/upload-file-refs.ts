type FileKeys = {
  id: string;
  storage_key: string;
  card_key: string | null;
  medium_key: string | null;
  preview_key: string | null;
  preview_card_key: string | null;
  preview_mesh_key: string | null;
};

/**
 * The ids of a design's own files named by `refs`: a file id, or any URL the client was given for
 * it (an image's /uploads/{key} address, an STL's download call that carries the file id). Only
 * the design's own files can match, so a reference can never reach another design's file. A
 * reference that names none of them (a file removed a moment ago) is ignored.
 */
export function resolveFilesToRemove(refs: string[], files: FileKeys[]): string[] {
  const ids = new Set<string>();
  for (const raw of refs) {
    const ref = stripOriginAndQuery(raw.trim());
    if (ref === '') continue;
    const segments = new Set(ref.split('/'));
    for (const file of files) {
      const keys = [
        file.storage_key,
        file.card_key,
        file.medium_key,
        file.preview_key,
        file.preview_card_key,
        file.preview_mesh_key,
      ];
      if (
        ref === file.id ||
        segments.has(file.id) ||
        keys.some((k) => k && (ref === k || ref.endsWith(`/${k}`)))
      ) {
        ids.add(file.id);
      }
    }
  }
  return [...ids];
}

function stripOriginAndQuery(ref: string): string {
  const path = ref.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
