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
