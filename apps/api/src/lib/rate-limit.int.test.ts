import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../test/database.ts';
import { WindowCounter } from './rate-limit.ts';
import { RateLimitRepo } from './rate-limit-repo.ts';

describe('WindowCounter on PostgreSQL', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  const counter = (name: string, limit = 2) => new WindowCounter(new RateLimitRepo(db), name, limit, 60_000);
  const rows = (name: string) =>
    db
      .selectFrom('rate_limit_counts')
      .select(['key', 'hits'])
      .where('counter', '=', name)
      .orderBy('key')
      .execute();
  /** Moves a counter's windows into the past, as the passing of their time would. */
  const endWindows = (name: string) =>
    db
      .updateTable('rate_limit_counts')
      .set({ resets_at: sql`now() - interval '1 second'` })
      .where('counter', '=', name)
      .execute();

  it('refuses at the limit without counting the refused attempt on any of its keys', async () => {
    const limits = counter('refusals');
    expect(await limits.take(['ip:a', 'email:x'])).toBe(0);
    expect(await limits.take(['ip:b', 'email:x'])).toBe(0);
    const wait = await limits.take(['ip:c', 'email:x']);
    expect(wait).toBeGreaterThan(59_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await rows('refusals')).toEqual([
      { key: 'email:x', hits: 3 },
      { key: 'ip:a', hits: 1 },
      { key: 'ip:b', hits: 1 },
      { key: 'ip:c', hits: 0 },
    ]);
    expect(await limits.retryAfterMs(['ip:c', 'email:x'])).toBeGreaterThan(59_000);
    expect(await limits.retryAfterMs(['ip:a'])).toBe(0);
  });

  it('lets an attempt through again once a hit is forgiven or the key is reset', async () => {
    const limits = counter('forgiving');
    await limits.take(['k']);
    await limits.take(['k']);
    expect(await limits.take(['k'])).toBeGreaterThan(0);
    await limits.forgive('k');
    expect(await limits.take(['k'])).toBe(0);
    await limits.reset('k');
    expect(await rows('forgiving')).toEqual([]);
  });

  it('keeps counters of different names apart', async () => {
    const one = counter('one', 1);
    const other = counter('other', 1);
    expect(await one.take(['ip:same'])).toBe(0);
    expect(await other.take(['ip:same'])).toBe(0);
    expect(await one.take(['ip:same'])).toBeGreaterThan(0);
  });

  it('starts an ended window afresh, and deletes ended windows so the table cannot grow forever', async () => {
    const first = counter('windows', 1);
    await first.take(['old-1']);
    await first.take(['old-2']);
    expect(await first.take(['old-1'])).toBeGreaterThan(0);
    await endWindows('windows');
    expect(await first.take(['old-1'])).toBe(0);
    expect(await rows('windows')).toEqual([
      { key: 'old-1', hits: 1 },
      { key: 'old-2', hits: 1 },
    ]);
    await endWindows('windows');
    // Another instance's counter (or this one a window later) removes what has ended.
    await counter('windows', 1).take(['new']);
    expect(await rows('windows')).toEqual([{ key: 'new', hits: 1 }]);
  });

  it('lets no more than the limit through from many parallel takes of one key', async () => {
    const limits = counter('burst', 5);
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => limits.take([`ip:${i}`, 'email:burst'])),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
    expect(await rows('burst')).toContainEqual({ key: 'email:burst', hits: 6 });
  });
});
