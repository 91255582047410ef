import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Which collections a sitemap lists: the state the access policy says anyone may see. */
export type CollectionStateFilter = {
  visibility: 'public' | 'private';
  archived: boolean;
  withheld: boolean;
};

/** The rows one kind of sitemap lists, in id order. */
export type SitemapSource =
  | { kind: 'designs' }
  | { kind: 'profiles' }
  | { kind: 'collections'; seen: CollectionStateFilter };

/** One sitemap page: its number (from 1), how many addresses it holds and its newest change. */
export type PageSummary = { page: number; urls: number; lastmod: Date };

/**
 * SQL for the sitemaps. Every list is read in primary-key order, a bounded batch at a time after
 * the last id read (keyset pagination on the primary key's index), so a page of 50 000 addresses
 * never sits in memory whole.
 */
export class SitemapsRepo {
  constructor(private readonly db: Database) {}

  /**
   * The pages of `pageSize` rows the source fills, counted in PostgreSQL: one row per page comes
   * back, whatever the number of rows.
   */
  async pageSummaries(source: SitemapSource, pageSize: number): Promise<PageSummary[]> {
    const { rows } = await sql<PageSummary>`
      select (page + 1)::int as page, count(*)::int as urls, max(updated_at) as lastmod
      from (
        select updated_at, (row_number() over (order by id) - 1) / ${pageSize} as page
        from ${rowsOf(source)}
      ) as numbered
      group by page
      order by page`.execute(this.db);
    return rows;
  }

  /** The id of the row at this offset in id order; undefined past the end. */
  async idAt(source: SitemapSource, offset: number): Promise<string | undefined> {
    const { rows } = await sql<{ id: string }>`
      select id from ${rowsOf(source)} order by id offset ${offset} limit 1`.execute(this.db);
    return rows[0]?.id;
  }

  /** Up to `limit` designs after the id `after` (from the first when null), with their owners' names. */
  designsAfter(after: string | null, limit: number) {
    let query = this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select(['designs.id', 'designs.slug', 'users.username', 'designs.updated_at'])
      .where('designs.archived_at', 'is', null)
      .where('designs.withheld_at', 'is', null);
    if (after !== null) query = query.where('designs.id', '>', after);
    return query.orderBy('designs.id').limit(limit).execute();
  }

  /** Up to `limit` people after the id `after`. */
  profilesAfter(after: string | null, limit: number) {
    let query = this.db
      .selectFrom('users')
      .select(['id', 'username', 'updated_at'])
      .where('deleted_at', 'is', null)
      .where('suspended_at', 'is', null);
    if (after !== null) query = query.where('id', '>', after);
    return query.orderBy('id').limit(limit).execute();
  }

  /** Up to `limit` collections in the state `seen` after the id `after`. */
  collectionsAfter(seen: CollectionStateFilter, after: string | null, limit: number) {
    let query = this.db
      .selectFrom('collections')
      .select(['id', 'updated_at'])
      .where('visibility', '=', seen.visibility)
      .where('archived_at', seen.archived ? 'is not' : 'is', null)
      .where('withheld_at', seen.withheld ? 'is not' : 'is', null);
    if (after !== null) query = query.where('id', '>', after);
    return query.orderBy('id').limit(limit).execute();
  }
}

/** The table (and, for collections, the condition) a source's rows come from. */
function rowsOf(source: SitemapSource): RawBuilder<unknown> {
  switch (source.kind) {
    // Archived or withheld designs, and deleted or suspended accounts, are listed nowhere.
    case 'designs':
      return sql`designs where archived_at is null and withheld_at is null`;
    case 'profiles':
      return sql`users where deleted_at is null and suspended_at is null`;
    case 'collections':
      return sql`collections where visibility = ${source.seen.visibility}
        and archived_at is ${source.seen.archived ? sql`not null` : sql`null`}
        and withheld_at is ${source.seen.withheld ? sql`not null` : sql`null`}`;
  }
}
