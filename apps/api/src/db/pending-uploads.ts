import { sql } from 'kysely';
import type { UploadLeaseStore } from '../lib/uploads/upload-lease.ts';
import type { Database } from './database.ts';

/**
 * The pending_uploads table, shared by every module that stores files before committing a row
 * (design uploads, profile images) and by the leftovers sweep. Lease ends come from the
 * database's clock, so a skewed clock on one instance cannot shorten another's lease.
 */
export class PendingUploads implements UploadLeaseStore {
  constructor(
    private readonly db: Database,
    readonly leaseMs: number,
  ) {}

  /** Adds `keys` to the upload's row (made on first use) and extends its lease to `leaseMs` from now. */
  async record(id: string, keys: string[]): Promise<void> {
    const leaseUntil = sql<Date>`now() + make_interval(secs => ${this.leaseMs / 1000})`;
    await this.db
      .insertInto('pending_uploads')
      .values({ id, keys: sql<string[]>`${keys}::text[]`, lease_until: leaseUntil })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          keys: sql<string[]>`pending_uploads.keys || ${keys}::text[]`,
          lease_until: leaseUntil,
        }),
      )
      .execute();
  }

  async release(id: string): Promise<void> {
    await this.db.deleteFrom('pending_uploads').where('id', '=', id).execute();
  }

  /** Which of `keys` a live lease covers. */
  async leasedKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('pending_uploads')
      .select(sql<string>`unnest(keys)`.as('key'))
      .where(sql<boolean>`keys && ${keys}::text[]`)
      .where('lease_until', '>', sql<Date>`now()`)
      .execute();
    const wanted = new Set(keys);
    return new Set(rows.map((row) => row.key).filter((key) => wanted.has(key)));
  }

  /** Forgets leases that ran out (their instance stopped), so their objects count as leftovers. */
  async dropExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('pending_uploads')
      .where('lease_until', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
