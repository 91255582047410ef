import { type Kysely, sql } from 'kysely';
import type { CheckoutKind, DB } from './schema.ts';

/**
 * Serialises, across every API instance, the work of one buyer on one item until the caller's
 * transaction ends (a transaction-scoped advisory lock). `scope` keeps unrelated work apart:
 * opening checkouts and applying payments take different locks, so neither waits on the other.
 */
export async function lockBuyerItem(
  trx: Kysely<DB>,
  scope: 'open' | 'fulfil',
  item: { buyerId: string; kind: CheckoutKind; itemId: string },
) {
  const key = `${scope}:${item.buyerId}:${item.kind}:${item.itemId}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
