import { pagePaths } from '@printmarket/shared/page-paths';
import { COLLECTIONS_SEEN_BY_ANYONE } from '../../lib/access-policy.ts';
import { robotsTxt } from './robots-txt.ts';
import { sitemapIndex, URLSET_END, URLSET_START, urlEntry } from './sitemap-xml.ts';
import type { SitemapSource, SitemapsRepo } from './sitemaps-repo.ts';

/** The most addresses one sitemap may hold (the sitemaps protocol's limit). */
export const SITEMAP_PAGE_SIZE = 50_000;
/** Rows read per query while a page streams: what a page holds in memory at once. */
export const SITEMAP_BATCH = 1_000;

export const SITEMAP_KINDS = ['designs', 'profiles', 'collections'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** A page of rows as addresses (absolute) with their last change. */
type Entry = { id: string; loc: string; lastmod: Date };

/**
 * robots.txt and the sitemaps: an index of pages, and each page's addresses written as they are
 * read. Only what anyone may see is listed (every design and profile; collections that are public
 * and not archived, as the access policy says), at the addresses the web app links to.
 */
export class SitemapsService {
  constructor(
    private readonly repo: SitemapsRepo,
    private readonly publicUrl: string,
    private readonly pageSize: number = SITEMAP_PAGE_SIZE,
  ) {}

  robots(): string {
    return robotsTxt(this.publicUrl);
  }

  /** GET /sitemap.xml: every page of every kind, with the newest change among its rows. */
  async index(): Promise<string> {
    const perKind = await Promise.all(
      SITEMAP_KINDS.map(async (kind) => {
        const pages = await this.repo.pageSummaries(sourceOf(kind), this.pageSize);
        return pages.map((p) => ({ loc: this.#pageUrl(kind, p.page), lastmod: p.lastmod }));
      }),
    );
    return sitemapIndex(perKind.flat());
  }

  /**
   * The XML of one page, as chunks produced while it is read (one query per SITEMAP_BATCH rows,
   * each run as the answer is consumed); null when the page does not exist.
   */
  async page(kind: SitemapKind, page: number): Promise<AsyncIterable<string> | null> {
    const source = sourceOf(kind);
    let after: string | null = null;
    if (page > 1) {
      const lastOfPrevious = await this.repo.idAt(source, (page - 1) * this.pageSize - 1);
      if (lastOfPrevious === undefined) return null;
      after = lastOfPrevious;
    }
    const first = await this.#batch(kind, after, Math.min(SITEMAP_BATCH, this.pageSize));
    if (first.length === 0) return null;
    return this.#write(kind, first);
  }

  async *#write(kind: SitemapKind, first: Entry[]): AsyncIterable<string> {
    yield URLSET_START;
    let batch = first;
    let left = this.pageSize;
    while (batch.length > 0) {
      yield batch.map((e) => urlEntry(e.loc, e.lastmod)).join('');
      left -= batch.length;
      const last = batch[batch.length - 1];
      if (left === 0 || batch.length < SITEMAP_BATCH || !last) break;
      batch = await this.#batch(kind, last.id, Math.min(SITEMAP_BATCH, left));
    }
    yield URLSET_END;
  }

  async #batch(kind: SitemapKind, after: string | null, limit: number): Promise<Entry[]> {
    const url = (path: string) => `${this.publicUrl}${path}`;
    switch (kind) {
      case 'designs':
        return (await this.repo.designsAfter(after, limit)).map((r) => ({
          id: r.id,
          loc: url(pagePaths.design(r.username, r.slug)),
          lastmod: r.updated_at,
        }));
      case 'profiles':
        return (await this.repo.profilesAfter(after, limit)).map((r) => ({
          id: r.id,
          loc: url(pagePaths.profile(r.username)),
          lastmod: r.updated_at,
        }));
      case 'collections':
        return (await this.repo.collectionsAfter(COLLECTIONS_SEEN_BY_ANYONE, after, limit)).map((r) => ({
          id: r.id,
          loc: url(pagePaths.collection(r.id)),
          lastmod: r.updated_at,
        }));
    }
  }

  #pageUrl(kind: SitemapKind, page: number): string {
    return `${this.publicUrl}/sitemaps/${kind}-${page}.xml`;
  }
}

function sourceOf(kind: SitemapKind): SitemapSource {
  return kind === 'collections' ? { kind, seen: COLLECTIONS_SEEN_BY_ANYONE } : { kind };
}
