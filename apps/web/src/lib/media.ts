import { API_BASE } from './api-base.ts';

/**
 * Turns an image path from the API into something an `<img>` can show (docs/product.md#social): paths under
 * `/uploads` are served by the API, absolute http(s) URLs are used as they are, and anything missing
 * or unexpected falls back to a bundled placeholder (never a broken image, never a `javascript:` URL).
 */
export function resolveMediaUrl(path: string | null | undefined, fallback: string, base: string): string {
  const value = path?.trim();
  if (!value) return fallback;
  if (value.startsWith('/uploads')) return `${base}${value}`;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (/^(data:image\/|blob:)/i.test(value)) return value;
  return fallback;
}

export function mediaUrl(path: string | null | undefined, fallback: string): string {
  return resolveMediaUrl(path, fallback, API_BASE);
}

/**
 * The `srcset` of a picture the server made in two sizes (`widths` in pixels, smaller first); null
 * when the smaller is missing (pictures stored before it existed), so the picture has one size.
 */
export function twoSizeSrcSet(
  small: string | null | undefined,
  large: string | null | undefined,
  widths: readonly [number, number],
): string | null {
  const [smallUrl, largeUrl] = [mediaUrl(small, ''), mediaUrl(large, '')];
  if (!smallUrl || !largeUrl) return null;
  return `${smallUrl} ${widths[0]}w, ${largeUrl} ${widths[1]}w`;
}
