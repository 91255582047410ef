import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** A key's count after a take: over the limit means it was refused, waitMs until its window ends. */
export type KeyCount = { key: string; hits: number; waitMs: number };

/**
 * The rate-limit counts in PostgreSQL, so every API instance on the database sees the same
 * numbers. Times are the database's clock, the one clock all instances share.
 */
export class RateLimitRepo {
  constructor(private readonly db: Database) {}

  /**
   * Adds one hit to each key in one statement. A key already at the limit is not counted further:
   * it stops at limit + 1, which marks it refused. The row lock of the upsert serialises parallel
   * takes of one key, so no burst can count past the limit. Keys are locked in sorted order, so two
   * takes of the same keys cannot deadlock. An expired window starts again at 1.
   */
  async take(counter: string, keys: string[], limit: number, windowMs: number): Promise<KeyCount[]> {
    const sorted = [...new Set(keys)].sort();
    const { rows } = await sql<KeyCount>`
      insert into rate_limit_counts (counter, key, hits, resets_at)
      select ${counter}, k, 1, now() + make_interval(secs => ${windowMs / 1000}::float8)
      from unnest(${sorted}::text[]) with ordinality as wanted(k, n)
      order by n
      on conflict (counter, key) do update set
        hits = case when rate_limit_counts.resets_at <= now() then 1
                    else least(rate_limit_counts.hits + 1, ${limit + 1}::int) end,
        resets_at = case when rate_limit_counts.resets_at <= now() then excluded.resets_at
                         else rate_limit_counts.resets_at end
      returning key, hits, (extract(epoch from resets_at - now()) * 1000)::float8 as "waitMs"`.execute(
      this.db,
    );
    return rows;
  }

  /** Milliseconds until each limited key's window ends; keys under the limit are left out. */
  async waits(counter: string, keys: string[], limit: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('rate_limit_counts')
      .select(['key', sql<number>`(extract(epoch from resets_at - now()) * 1000)::float8`.as('waitMs')])
      .where('counter', '=', counter)
      .where('key', 'in', keys)
      .where('hits', '>=', limit)
      .where('resets_at', '>', sql<Date>`now()`)
      .execute();
    return new Map(rows.map((row) => [row.key, row.waitMs]));
  }

  /** Takes back one hit from each key still in its window (a refused hit was never counted). */
  async forgive(counter: string, keys: string[], limit: number): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .updateTable('rate_limit_counts')
      .set({ hits: sql`greatest(least(hits, ${limit}::int) - 1, 0)` })
      .where('counter', '=', counter)
      .where('key', 'in', [...keys].sort())
      .where('resets_at', '>', sql<Date>`now()`)
      .execute();
  }

  async reset(counter: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_counts')
      .where('counter', '=', counter)
      .where('key', '=', key)
      .execute();
  }

  /** Windows that have ended count for nothing; their rows go so the table cannot grow forever. */
  async deleteExpired(counter: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limit_counts')
      .where('counter', '=', counter)
      .where('resets_at', '<=', sql<Date>`now()`)
      .execute();
  }
}
