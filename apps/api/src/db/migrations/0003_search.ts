import { type Kysely, sql } from 'kysely';

/**
 * Search (docs/api.md, "Search"): a weighted tsvector per design with one GIN index per relevance
 * tier, the words of names and tags for typo tolerance, and trigram indexes for finding people.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // Name (A) and tags (B) both stemmed ('dragons' finds 'dragon') and as written (a word being
  // typed, 'organiz', still finds 'organizer'); the description (C) stemmed only. Declared
  // immutable for the generated column: array_to_string is only "stable" because it can print any
  // element type, and text[] prints the same everywhere.
  await sql`
    create function designs_search_vector(name text, tags text[], description text)
    returns tsvector language sql immutable parallel safe
    as $$
      select setweight(to_tsvector('english', name) || to_tsvector('simple', name), 'A')
          || setweight(
               to_tsvector('english', array_to_string(tags, ' '))
                 || to_tsvector('simple', array_to_string(tags, ' ')),
               'B')
          || setweight(to_tsvector('english', description), 'C')
    $$`.execute(db);
  // Generated, so every insert and every change of name, tags or description keeps it right;
  // changes of other columns (views, likes) do not recompute it.
  await sql`
    alter table designs add column search_vector tsvector not null
    generated always as (designs_search_vector(name, tags, description)) stored`.execute(db);
  // Any text, name or tags, name only: each relevance tier can be read from its own index.
  await sql`create index designs_search_idx on designs using gin (search_vector)`.execute(db);
  await sql`create index designs_search_title_idx on designs using gin (ts_filter(search_vector, '{a,b}'))`.execute(
    db,
  );
  await sql`create index designs_search_name_idx on designs using gin (ts_filter(search_vector, '{a}'))`.execute(
    db,
  );
  // A search for a design's whole name puts that design first.
  await sql`create index designs_name_lower_idx on designs (lower(name))`.execute(db);

  // The words of design names and tags: a misspelt word ('dragn') is replaced by the most similar
  // of them ('dragon'), then searched like any word. Comparing a word with a few thousand words is
  // far cheaper than with the names of every design. Words are never removed: a word of a deleted
  // design only leads to a search that finds nothing.
  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
  await sql`
    create function search_words_of(name text, tags text[]) returns setof text
    language sql stable parallel safe
    as $$
      select lexeme from unnest(to_tsvector('simple', name || ' ' || array_to_string(tags, ' ')))
      where length(lexeme) between 3 and 40
    $$`.execute(db);
  await sql`
    create function designs_remember_search_words() returns trigger language plpgsql
    as $$
    begin
      insert into search_words (word) select search_words_of(new.name, new.tags)
      on conflict do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger designs_search_words after insert or update of name, tags on designs
    for each row execute function designs_remember_search_words()`.execute(db);
  await sql`
    insert into search_words (word)
    select distinct words.word from designs, search_words_of(designs.name, designs.tags) as words(word)
    on conflict do nothing`.execute(db);

  // People by username or name, with typos and prefixes (pg_trgm word similarity and ILIKE).
  await sql`create index users_username_trgm_idx on users using gin (username gin_trgm_ops)`.execute(db);
  await sql`create index users_name_trgm_idx on users using gin (name gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_name_trgm_idx`.execute(db);
  await sql`drop index if exists users_username_trgm_idx`.execute(db);
  await sql`drop trigger if exists designs_search_words on designs`.execute(db);
  await sql`drop function if exists designs_remember_search_words()`.execute(db);
  await sql`drop function if exists search_words_of(text, text[])`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
  await sql`drop index if exists designs_name_lower_idx`.execute(db);
  await sql`alter table designs drop column if exists search_vector`.execute(db);
  await sql`drop function if exists designs_search_vector(text, text[], text)`.execute(db);
}
