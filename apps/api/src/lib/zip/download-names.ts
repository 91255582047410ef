import { modelKindOfKey } from '../models/model-files.ts';

/**
 * File names given to browsers and written into ZIPs. Display names come from uploaders, so they
 * are cleaned before use: no path separators (a ZIP entry `../x` or `C:\x` could land outside the
 * folder it is unpacked in), no control characters or quotes (header injection), no leading dots
 * (hidden files), and a bounded length.
 */

const MAX_NAME_LENGTH = 150;

// Control characters, path separators, quotes and characters Windows forbids in names.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g;

export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s._]+|[\s._]+$/g, '');
  const bounded = cleaned.length > MAX_NAME_LENGTH ? shorten(cleaned) : cleaned;
  return bounded || fallback;
}

/** Keeps the extension when cutting a long name. */
function shorten(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return Array.from(name.slice(0, name.length - ext.length))
    .slice(0, MAX_NAME_LENGTH - ext.length)
    .join('')
    .trimEnd()
    .concat(ext);
}

/**
 * The name a delivered file gets. Photos are stored re-encoded as WebP, so their extension says
 * so (a `.png` name on WebP bytes would confuse image viewers); models keep theirs when it names
 * their format (the stored key's extension), or get that extension.
 */
export function deliveredName(file: { kind: 'image' | 'stl'; name: string; storage_key: string }): string {
  // An uploaded name's last path segment names the file: `../etc/x.stl` and `C:\models\x.stl` are `x.stl`.
  const lastSegment = file.name.split(/[/\\]/).filter(Boolean).pop() ?? '';
  const extension = file.kind === 'stl' ? `.${modelKindOfKey(file.storage_key)}` : '.webp';
  const name = safeFileName(lastSegment, file.kind === 'stl' ? `model${extension}` : 'image.webp');
  const base = name.replace(/\.[^.]{1,10}$/, '') || name;
  if (file.kind === 'image') return `${base}.webp`;
  return name.toLowerCase().endsWith(extension) ? name : `${name}${extension}`;
}

/** Makes names unique (case-insensitively, as on Windows and macOS): `a.stl`, `a (2).stl`, … */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The ZIP's name (docs/product.md#downloads): the design's name with spaces turned into underscores, plus
 * `.zip`.
 */
export function zipFileName(designName: string): string {
  return `${safeFileName(designName, 'design').replace(/ /g, '_')}.zip`;
}

/**
 * `attachment` with an ASCII `filename` for old clients and the exact name as RFC 5987
 * `filename*` (UTF-8, percent-encoded) for all others.
 */
export function attachmentDisposition(name: string): string {
  const safe = safeFileName(name, 'download');
  const stripped = safe
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[%;]/g, '_');
  // A name written wholly in other scripts leaves only its extension: give it a stem.
  const ascii = stripped.startsWith('.') || stripped === '' ? `download${stripped}` : stripped;
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
