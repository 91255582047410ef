/** Longest display name kept; longer names are cut before the extension. */
export const DISPLAY_NAME_MAX_LENGTH = 120;

// C0/C1 controls (NUL included), bidirectional marks and overrides (which make 'gpj.exe' read as
// 'exe.jpg'), zero-width characters and the BOM.
const INVISIBLE = /[\p{Cc}\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/gu;
const EXTENSION = /\.[a-z0-9]{1,8}$/i;

/**
 * The name a file is shown under, from the name its sender gave it: the last path segment, without
 * invisible or direction-changing characters, at most DISPLAY_NAME_MAX_LENGTH characters with the
 * extension kept. Only ever shown, never used as a path: storage keys are generated.
 */
export function displayName(original: string, fallback: string): string {
  const base = (original.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim()
    // A leading dot would make a hidden file of it on someone's disk after download.
    .replace(/^\.+/, '');
  const name = base === '' || EXTENSION.exec(base)?.index === 0 ? `${fallback}${base}` : base;
  const chars = [...name];
  if (chars.length <= DISPLAY_NAME_MAX_LENGTH) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const stem = [...name.slice(0, name.length - extension.length)];
  return `${stem
    .slice(0, DISPLAY_NAME_MAX_LENGTH - extension.length)
    .join('')
    .trimEnd()}${extension}`;
}

/** The lower-case extension of a (display) name, with its dot, or ''. */
export function extensionOf(name: string): string {
  return EXTENSION.exec(name)?.[0].toLowerCase() ?? '';
}
