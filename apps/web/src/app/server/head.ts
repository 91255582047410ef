/**
 * The tags a server-rendered page puts in its <head> for link previews and search engines: the
 * description, canonical address, Open Graph and Twitter card, and the page's JSON-LD. Addresses are
 * made absolute with the public address, as crawlers and chat previews need.
 */
import type { ImagePreload } from '@/lib/page-head.tsx';

export type PageHead = {
  /** Shown under the title in search results and link previews. */
  description: string;
  /** The canonical path (and query) of the page, e.g. `/design/ada/benchy`. */
  path: string;
  /** A picture for link previews: an `/uploads/...` path or an absolute URL; none when null. */
  image?: string | null;
  /** Open Graph type. */
  type?: 'website' | 'product' | 'profile';
  /** Structured data for search engines (schema.org). */
  jsonLd?: Record<string, unknown> | null;
};

export const SITE_NAME = 'PrintMarket';

export const DEFAULT_DESCRIPTION =
  'Discover, share and sell 3D-printable designs: STL models and photos from makers and designers.';

/** Text safe inside a double-quoted attribute or an element. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * JSON for a `<script type="application/...json">` block: `<` is written as `\u003c`, so no text in
 * the data (a design named `</script>`) can end the block; U+2028/9 likewise, for old parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** An absolute URL for a path or URL (already absolute ones stay); null for anything else. */
export function absoluteUrl(pathOrUrl: string | null | undefined, publicUrl: string): string | null {
  const value = pathOrUrl?.trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return `${publicUrl.replace(/\/+$/, '')}${value}`;
  return null;
}

/** A description fit for a meta tag: one line, at most about 200 characters. */
export function summary(text: string, fallback: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (!line) return fallback;
  return line.length > 200 ? `${line.slice(0, 197).trimEnd()}...` : line;
}

/** A preload of a page's main picture, fetched first (`imagesrcset`/`imagesizes` pick its size). */
export function imagePreloadTag(image: ImagePreload): string {
  const choice = image.srcSet
    ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"`
    : '';
  return `<link rel="preload" href="${escapeHtml(image.href)}" as="image"${choice} fetchpriority="high"/>`;
}

/** The <head> tags of one page, `title` being the text the page's own <title> shows. */
export function headTags(title: string, head: PageHead, publicUrl: string): string {
  const canonical = absoluteUrl(head.path, publicUrl) ?? publicUrl;
  const image = absoluteUrl(head.image, publicUrl);
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ];
  if (head.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}
