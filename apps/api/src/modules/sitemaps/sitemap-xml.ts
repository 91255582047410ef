/** The sitemaps protocol's XML (https://www.sitemaps.org/protocol.html), every value escaped. */

import { escapeXml } from '../../lib/escape-xml.ts';

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

export const URLSET_START = `${DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
export const URLSET_END = '</urlset>\n';

/** A W3C datetime to the second, in UTC (the protocol's `lastmod` format). */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** One `<url>` entry of a urlset. */
export function urlEntry(loc: string, lastmod: Date): string {
  return `<url><loc>${escapeXml(loc)}</loc><lastmod>${w3cDatetime(lastmod)}</lastmod></url>\n`;
}

/** A whole sitemap index: one `<sitemap>` entry per sitemap page. */
export function sitemapIndex(entries: { loc: string; lastmod: Date }[]): string {
  const items = entries.map(
    (e) => `<sitemap><loc>${escapeXml(e.loc)}</loc><lastmod>${w3cDatetime(e.lastmod)}</lastmod></sitemap>\n`,
  );
  return `${DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${items.join('')}</sitemapindex>\n`;
}
