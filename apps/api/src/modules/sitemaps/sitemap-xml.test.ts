import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../lib/escape-xml.ts';
import { sitemapIndex, URLSET_END, URLSET_START, urlEntry, w3cDatetime } from './sitemap-xml.ts';

const awkward = `https://shop.example/a?b=1&c=<2>&d="3"&e='4'`;

describe('sitemap XML', () => {
  it('escapes the five characters XML gives meaning to, and nothing else', () => {
    expect(escapeXml(`a&b<c>d"e'f/é`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f/é');
  });

  it('writes lastmod as a W3C datetime in UTC, to the second', () => {
    expect(w3cDatetime(new Date('2026-03-04T05:06:07.890+02:00'))).toBe('2026-03-04T03:06:07Z');
  });

  it('writes urlsets and indexes that parse back to the values given', () => {
    const lastmod = new Date('2026-01-02T03:04:05Z');
    const urlset = URLSET_START + urlEntry(awkward, lastmod) + URLSET_END;
    const index = sitemapIndex([{ loc: awkward, lastmod }]);
    const parser = new XMLParser({ processEntities: true });
    for (const [xml, root, item] of [
      [urlset, 'urlset', 'url'],
      [index, 'sitemapindex', 'sitemap'],
    ] as const) {
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(parser.parse(xml)[root][item]).toEqual({ loc: awkward, lastmod: '2026-01-02T03:04:05Z' });
    }
  });
});
