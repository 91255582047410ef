/** Choosing files for the wizard: which names each picker keeps, and the list it shows. */

/** A chosen file with an id that stays the same while the list around it changes. */
export type PickedFile = { id: string; file: File };

/** Whether the file name ends with one of `extensions` ('.stl'), ignoring case. */
export function hasExtension(name: string, extensions: readonly string[]): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

/** Splits a selection into the files a picker keeps and those it drops (docs/product.md#uploads). */
export function splitByExtension<T extends { name: string }>(
  files: readonly T[],
  extensions: readonly string[],
): { accepted: T[]; rejected: T[] } {
  const accepted: T[] = [];
  const rejected: T[] = [];
  for (const file of files) (hasExtension(file.name, extensions) ? accepted : rejected).push(file);
  return { accepted, rejected };
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Adds newly chosen files after those already listed. Choosing the same file again (same name,
 * size and date) does not list it twice.
 */
export function addPicked(
  existing: readonly PickedFile[],
  incoming: readonly File[],
  makeId: () => string,
): PickedFile[] {
  const result = [...existing];
  for (const file of incoming) {
    if (result.some((picked) => sameFile(picked.file, file))) continue;
    result.push({ id: makeId(), file });
  }
  return result;
}

const units = ['KB', 'MB', 'GB'] as const;

/** A file size for people: '512 B', '1.5 KB', '12 MB', '1.2 GB'. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit = 0;
  value /= 1024;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}

/** The next index when cycling through `length` items with Previous (-1) and Next (+1). */
export function cycleIndex(current: number, step: number, length: number): number {
  if (length <= 0) return 0;
  return (((current + step) % length) + length) % length;
}

/** A short sentence about files a picker did not take, or null when it took them all. */
export function rejectedNote(rejected: readonly { name: string }[], accepted: string): string | null {
  if (rejected.length === 0) return null;
  const names = rejected.map((file) => file.name);
  const listed =
    names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return `Not added (only ${accepted} files are accepted): ${listed}`;
}
