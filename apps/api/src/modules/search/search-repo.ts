import type { Category } from '@printmarket/shared/constants';
import type { PriceFilter } from '@printmarket/shared/search';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { cardColumns } from '../../db/card-columns.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { WordGroup } from './search-terms.ts';

export type SearchFilters = { category: Category | null; price: PriceFilter | null; tag: string | null };

/**
 * A set of designs a search ranks as one relevance tier: designs whose whole name is the search
 * text, or whose name / name and tags / any text (name, tags, description) hold every word. The
 * fields map to the weights of `designs.search_vector` (migration 0003): A name, B tags, C
 * description; each has its own GIN index, so every set can be read from an index on its own.
 */
export type MatchSet =
  | { tier: number; kind: 'phrase'; phrase: string }
  | { tier: number; kind: 'words'; words: WordGroup[]; fields: 'name' | 'title' | 'all' };

/** A design in a set, with what ranks it: its popularity and the sets it belongs to. */
export type MatchRow = {
  id: string;
  views: number;
  /** created_at in microseconds, the resolution PostgreSQL orders by (a JS Date has milliseconds). */
  created_us: number;
  /** Membership of each set, in the order the sets were given. */
  flags: boolean[];
};

/** Words to find similar spellings for, and how many per word (see similarSpellings). */
export type SpellingRequest = { words: string[]; perWord: number };

/** What SearchRepo.sample reads in one statement. */
export type Sample = {
  /** Designs of the window that belong to any set, most viewed first. */
  window: MatchRow[];
  /** Every member of the whole-name sets (up to the limit asked for). */
  phrase: MatchRow[];
  /** How many designs the window held: fewer than asked when the catalogue is that small. */
  windowRows: number;
  /** PostgreSQL's estimate of how many designs there are (pg_class.reltuples); below 0 when unknown. */
  catalogueSize: number;
  /** Similar spellings of the words asked about, by word, most similar first. */
  spellings: Map<string, string[]>;
};

/** Most viewed first, then newest: the order of designs_popular_idx (migrations 0001, 0011). */
const POPULARITY = sql`designs.views desc, designs.created_at desc, designs.id desc`;

/** SQL of the search screen: designs by relevance and popularity, and people by name. */
export class SearchRepo {
  constructor(private readonly db: Database) {}

  /**
   * What one statement can tell about the sets without reading them from their indexes: the
   * designs among the `windowSize` most viewed that belong to any set (most viewed first), every
   * member of the whole-name sets (read through `lower(name)`, at most `phraseLimit` each), how
   * many designs the window held, PostgreSQL's estimate of the catalogue's size, and the similar
   * spellings of `spellings.words` (wanted only if the words as typed find too few, but cheaper
   * here than in a statement of their own).
   *
   * Reading the window costs the same whatever the words, and for a common word it already holds
   * the first pages of every set, so a search for 'vase' never has to visit thousands of vases; the
   * share of the window that matches also estimates how many designs match in all.
   */
  async sample(
    sets: MatchSet[],
    filters: SearchFilters,
    windowSize: number,
    phraseLimit: number,
    spellings: SpellingRequest = { words: [], perWord: 0 },
  ): Promise<Sample> {
    const popular = this.db
      .selectFrom('designs')
      .select([
        'designs.id',
        'designs.views',
        'designs.created_at',
        'designs.name',
        'designs.category',
        'designs.is_paid',
        'designs.tags',
        'designs.archived_at',
        'designs.withheld_at',
        sql<string>`designs.search_vector`.as('search_vector'),
      ])
      .orderBy(POPULARITY)
      .limit(windowSize)
      // Named like the table, so the set and filter conditions read the same in both queries.
      .as('designs');
    // Every word set is part of the last one over all fields (the service lists sets broadest
    // last): only that one, and whole-name sets, need testing on every row.
    const broadest = sets.findLast((set) => set.kind === 'words' && set.fields === 'all');
    const filtering = sets.filter((set) => set.kind === 'phrase' || set === broadest);
    let windowMatches = this.db
      .selectFrom(popular)
      .select(matchColumns(sets))
      .where(sql<boolean>`(${sql.join(filtering.map(setCondition), sql` or `)})`);
    for (const condition of filterConditions(filters)) windowMatches = windowMatches.where(condition);
    const phraseReads = sets
      .filter((set) => set.kind === 'phrase')
      .map((set) => sql`(${topOfSet(this.db, set, sets, filters, phraseLimit)})`);
    const phraseMembers =
      phraseReads.length > 0 ? sql`${sql.join(phraseReads, sql` union all `)}` : sql`select null limit 0`;
    const { rows } = await sql<{
      window: MatchRow[];
      phrase: MatchRow[];
      window_rows: string;
      catalogue_size: number;
      spellings: { word: string; suggestion: string }[];
    }>`
      select
        (select coalesce(json_agg(w order by w.views desc, w.created_us desc, w.id desc), '[]')
           from (${windowMatches}) as w) as window,
        (select coalesce(json_agg(p), '[]') from (${phraseMembers}) as p) as phrase,
        (select count(*) from (select 1 from designs limit ${windowSize}) as w) as window_rows,
        (select reltuples from pg_class where oid = 'designs'::regclass) as catalogue_size,
        (select coalesce(json_agg(s order by s.word, s.similarity desc, s.suggestion), '[]')
           from (${similarSpellings(spellings)}) as s) as spellings`.execute(this.db);
    const row = rows[0];
    const suggestions = new Map<string, string[]>();
    for (const { word, suggestion } of row?.spellings ?? []) {
      suggestions.set(word, [...(suggestions.get(word) ?? []), suggestion]);
    }
    return {
      window: row?.window ?? [],
      phrase: (row?.phrase ?? []).filter((member) => member !== null),
      windowRows: Number(row?.window_rows ?? 0),
      catalogueSize: Number(row?.catalogue_size ?? -1),
      spellings: suggestions,
    };
  }

  /**
   * Runs `work` with plans limited to bitmap scans of the indexes. PostgreSQL's planner counts a
   * tsvector match as nearly free, so with a LIMIT it may choose to walk the whole table in order
   * and test every row, which for a word it wrongly thinks common reads all 100 000 designs. A
   * bitmap scan reads only the rows the GIN index names: the work follows the number of matches.
   */
  withBitmapScans<T>(work: (scans: BitmapScans) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
        trx,
      );
      return work(new BitmapScans(trx));
    });
  }

  /**
   * The search generation (migration 0011): moved on by every committed change to what search
   * answers show, from any instance. Read before searching, so an answer kept under it is never
   * older than the data it was read with.
   */
  async generation(): Promise<string> {
    const { rows } = await sql<{ generation: string }>`select generation from search_generation`.execute(
      this.db,
    );
    return String(rows[0]?.generation ?? 0);
  }

  /** The cards of these designs (in no particular order). */
  cards(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select((eb) => cardColumns(eb))
      .where('designs.id', 'in', ids)
      .execute();
  }

  /**
   * People whose username or name is like the text: the username exactly first, then usernames
   * starting with it, then by trigram word similarity (which also forgives typos), then by
   * followers. `compact` is the text's words without spaces ('layer lab' finds 'LayerLab').
   */
  users(text: { phrase: string; compact: string }, limit: number) {
    const prefix = `${text.compact}%`;
    return this.db
      .selectFrom('users')
      .select((eb) => [
        'users.id',
        'users.username',
        'users.name',
        'users.bio',
        'users.profile_picture_key',
        eb
          .selectFrom('designs')
          .whereRef('designs.user_id', '=', 'users.id')
          .where('designs.archived_at', 'is', null)
          .where('designs.withheld_at', 'is', null)
          .select(eb.fn.countAll<number>().as('n'))
          .as('designs_count'),
        eb
          .selectFrom('follows')
          .whereRef('follows.followee_id', '=', 'users.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('followers_count'),
      ])
      .where('users.deleted_at', 'is', null)
      .where('users.suspended_at', 'is', null)
      .where((eb) =>
        eb.or([
          sql<boolean>`${text.compact} <% users.username`,
          sql<boolean>`${text.phrase} <% users.name`,
          // A prefix of fewer than 3 letters has no trigram to look up: the index would list everyone.
          ...(text.compact.length >= 3 ? [sql<boolean>`users.username ilike ${prefix}`] : []),
        ]),
      )
      .orderBy(sql`lower(users.username) = ${text.compact}`, 'desc')
      .orderBy(sql`users.username ilike ${prefix}`, 'desc')
      .orderBy(
        sql`greatest(word_similarity(${text.compact}, users.username), word_similarity(${text.phrase}, users.name))`,
        'desc',
      )
      .orderBy('followers_count', 'desc')
      .orderBy(sql`lower(users.username)`)
      .limit(limit)
      .execute();
  }
}

/** Queries that must read sets through their indexes (see SearchRepo.withBitmapScans). */
export class BitmapScans {
  constructor(private readonly trx: Kysely<DB>) {}

  /**
   * The `limit` most viewed designs of each of `some` sets, with their membership of all `sets`,
   * in one round trip (a design may come once per set).
   */
  async topOfSets(some: MatchSet[], sets: MatchSet[], filters: SearchFilters, limit: number) {
    if (some.length === 0) return [];
    const tops = some.map((set) => sql`(${topOfSet(this.trx, set, sets, filters, limit)})`);
    const { rows } = await sql<MatchRow>`${sql.join(tops, sql` union all `)}`.execute(this.trx);
    return rows;
  }

  /** How many designs the set holds, counting no further than `upTo`. */
  async countUpTo(set: MatchSet, filters: SearchFilters, upTo: number): Promise<number> {
    let matches = this.trx.selectFrom('designs').select(sql`1`.as('one')).where(setCondition(set));
    for (const condition of filterConditions(filters)) matches = matches.where(condition);
    const row = await this.trx
      .selectFrom(matches.limit(upTo).as('matches'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}

/**
 * For each word that no design name or tag has, up to `perWord` words of names and tags spelled
 * most alike (pg_trgm similarity above its threshold, 0.3): 'dragn' gives 'dragon'. Known words
 * are left alone ('tableware' is not a typo of 'tabletop'), at the cost of one index lookup.
 */
function similarSpellings({ words, perWord }: SpellingRequest) {
  return sql<{ word: string; suggestion: string; similarity: number }>`
    select typed.word, suggested.word as suggestion, suggested.similarity
    from unnest(${words}::text[]) as typed(word)
    cross join lateral (
      select search_words.word, similarity(search_words.word, typed.word) as similarity
      from search_words
      where search_words.word % typed.word and search_words.word <> typed.word
      order by similarity(search_words.word, typed.word) desc, search_words.word
      limit ${perWord}
    ) as suggested
    where not exists (select 1 from search_words known where known.word = typed.word)`;
}

/** The `limit` most viewed designs of `set`, with their membership of all `sets`. */
function topOfSet(db: Kysely<DB>, set: MatchSet, sets: MatchSet[], filters: SearchFilters, limit: number) {
  let query = db.selectFrom('designs').select(matchColumns(sets)).where(setCondition(set));
  for (const condition of filterConditions(filters)) query = query.where(condition);
  return query.orderBy(POPULARITY).limit(limit);
}

function matchColumns(sets: MatchSet[]) {
  return [
    sql<string>`designs.id`.as('id'),
    sql<number>`designs.views`.as('views'),
    sql<number>`floor(extract(epoch from designs.created_at) * 1000000)::int8`.as('created_us'),
    sql<boolean[]>`array[${sql.join(sets.map(setCondition))}]`.as('flags'),
  ];
}

/**
 * The weight lists are written into the SQL, not bound: each condition must read exactly like the
 * expression of its index for PostgreSQL to use that index.
 */
function setCondition(set: MatchSet): RawBuilder<boolean> {
  if (set.kind === 'phrase') return sql<boolean>`lower(designs.name) = ${set.phrase}`;
  const query = tsquery(set.words);
  switch (set.fields) {
    case 'name':
      return sql<boolean>`ts_filter(designs.search_vector, '{a}') @@ ${query}`;
    case 'title':
      return sql<boolean>`ts_filter(designs.search_vector, '{a,b}') @@ ${query}`;
    case 'all':
      return sql<boolean>`designs.search_vector @@ ${query}`;
  }
}

/**
 * The tsquery matching every word group: each spelling through the English stemmer ('dragons'
 * finds 'dragon') and as typed (names and tags also keep unstemmed words, so a word being typed,
 * 'organiz', still finds 'organizer'); once when both read the same, which halves the index work.
 * Built from bound words with immutable functions, so PostgreSQL computes it once while planning
 * and picks the index for that very query.
 */
function tsquery(groups: WordGroup[]): RawBuilder<unknown> {
  const groupQueries = groups.map((group) => {
    const spellings = group.spellings.map((spelling) => {
      const term = group.prefix ? `${spelling}:*` : spelling;
      const stemmed = sql`to_tsquery('english', ${term})`;
      const asTyped = sql`to_tsquery('simple', ${term})`;
      return sql`(case when ${stemmed} = ${asTyped} then ${stemmed} else ${stemmed} || ${asTyped} end)`;
    });
    return sql`(${sql.join(spellings, sql` || `)})`;
  });
  return sql`(${sql.join(groupQueries, sql` && `)})`;
}

function filterConditions(filters: SearchFilters): RawBuilder<boolean>[] {
  // Archived designs (their owners deleted the account) and withheld ones are found by nobody.
  const conditions: RawBuilder<boolean>[] = [
    sql<boolean>`designs.archived_at is null and designs.withheld_at is null`,
  ];
  if (filters.category) conditions.push(sql<boolean>`designs.category = ${filters.category}`);
  if (filters.price) conditions.push(sql<boolean>`designs.is_paid = ${filters.price === 'paid'}`);
  if (filters.tag) conditions.push(sql<boolean>`designs.tags @> array[${filters.tag}]::text[]`);
  return conditions;
}
