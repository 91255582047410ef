import { refusal } from './refusal.ts';

/** The package's relationships part, which names the root model part. */
export const PACKAGE_RELATIONSHIPS = '_rels/.rels';
/** Where 3MF writers put the root model part, and where it is looked for when no relationship names it. */
export const DEFAULT_ROOT_MODEL = '3d/3dmodel.model';

/**
 * The key a part is known by: its name without a leading slash, with ASCII letters in lower case
 * (OPC part names are compared without regard to case) and `\` read as `/` (some ZIP tools on
 * Windows write it). Names are one char per byte of their UTF-8, like every name here.
 */
export function partKey(name: string): string {
  return name
    .replaceAll('\\', '/')
    .replace(/^\/+/, '')
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** The folder of a part key, with its trailing slash ('' at the root). */
export function partFolder(key: string): string {
  return key.slice(0, key.lastIndexOf('/') + 1);
}

/**
 * The key of the part a reference (a relationship's Target, a `p:path`) names, relative to the
 * folder of the part it is written in. A URL with a scheme or a host (`http:`, `file:`, `//`),
 * or a path climbing out of the package, is `external-reference`: a package must hold all it uses.
 */
export function resolvePartReference(reference: string, baseFolder: string): string {
  const path = reference.replaceAll('\\', '/');
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path) || path.startsWith('//')) throw refusal('external-reference');
  const segments: string[] = [];
  const full = path.startsWith('/') ? path : baseFolder + path;
  for (const segment of full.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) throw refusal('external-reference');
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return partKey(segments.join('/'));
}
