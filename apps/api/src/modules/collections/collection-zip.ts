import type { FileStore } from '../../lib/storage/file-store.ts';
import { deliveredName, safeFileName, uniqueNames, zipFileName } from '../../lib/zip/download-names.ts';
import { type StoredZip, type StoredZipEntry, storedZip } from '../../lib/zip/stored-zip.ts';

export type CollectionZip = StoredZip & { fileName: string; designIds: string[] };

type ZipFileRow = {
  design_id: string;
  design_name: string;
  kind: 'image' | 'stl';
  name: string;
  storage_key: string;
};

/**
 * A collection's files as one streamed ZIP: a folder per design (names made safe and unique),
 * the design's models then photos inside. Sizes come from storage, since the archive's length is
 * promised before its first byte.
 */
export async function zipCollection(
  files: FileStore,
  collectionName: string,
  rows: ZipFileRow[],
): Promise<CollectionZip> {
  const designIds = [...new Set(rows.map((r) => r.design_id))];
  const folders = uniqueNames(
    designIds.map((id) => safeFileName(rows.find((r) => r.design_id === id)?.design_name ?? '', 'design')),
  );
  const folderOf = new Map(designIds.map((id, i) => [id, folders[i] as string]));

  const entries: StoredZipEntry[] = [];
  for (const id of designIds) {
    const own = rows.filter((r) => r.design_id === id);
    const names = uniqueNames(own.map(deliveredName));
    for (const [i, row] of own.entries()) {
      const stat = await files.stat(row.storage_key);
      if (!stat) throw new Error(`Stored file missing: ${row.storage_key}`);
      entries.push({
        name: `${folderOf.get(id)}/${names[i]}`,
        size: stat.size,
        open: () => files.get(row.storage_key),
      });
    }
  }
  return {
    ...storedZip(entries, { mtime: new Date() }),
    fileName: zipFileName(collectionName),
    designIds,
  };
}
