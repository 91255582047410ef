import { type Insertable, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DesignFilesTable, DesignsTable, UsersTable } from '../db/schema.ts';

/** Direct inserts for demo and benchmark content; the app itself never writes this way. */
export class SeedRepo {
  constructor(private readonly db: Database) {}

  /**
   * Runs `seed` in one transaction that holds the demo-seeding advisory lock: instances starting
   * together on one database take turns, and a later one finds the first one's rows committed (or,
   * if that seed failed, rolled back). Waits as long as the seeding instance takes.
   */
  static underSeedLock<T>(db: Database, seed: (repo: SeedRepo) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended('printmarket.seed-demo', 0))`.execute(trx);
      return seed(new SeedRepo(trx));
    });
  }

  async isSeeded(): Promise<boolean> {
    const row = await this.db
      .selectFrom('startup_markers')
      .select('name')
      .where('name', '=', 'seeded')
      .executeTakeFirst();
    return Boolean(row);
  }

  async markSeeded() {
    await this.db
      .insertInto('startup_markers')
      .values({ name: 'seeded' })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    return !row;
  }

  insertUsers(users: Insertable<UsersTable>[]) {
    return this.db.insertInto('users').values(users).returning(['id', 'username']).execute();
  }

  async insertDesigns(
    designs: Insertable<DesignsTable>[],
    files: (designIndex: number) => Omit<Insertable<DesignFilesTable>, 'design_id'>[],
  ) {
    // Inside underSeedLock the repo already works in a transaction (Kysely does not nest them).
    const inTransaction = <T>(work: (trx: Database) => Promise<T>) =>
      this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
    await inTransaction(async (trx) => {
      const rows = await trx.insertInto('designs').values(designs).returning('id').execute();
      const fileRows = rows.flatMap((row, i) => files(i).map((f) => ({ ...f, design_id: row.id })));
      // Large seeds: keep each statement well under PostgreSQL's 65 535 parameters.
      for (let i = 0; i < fileRows.length; i += 1000) {
        await trx
          .insertInto('design_files')
          .values(fileRows.slice(i, i + 1000))
          .execute();
      }
    });
  }

  async likeAll(pairs: { user_id: string; design_id: string }[]) {
    if (pairs.length === 0) return;
    // Beyond about 10 000 designs there are more likes than one statement may carry parameters.
    for (let i = 0; i < pairs.length; i += 10_000) {
      await this.db
        .insertInto('likes')
        .values(pairs.slice(i, i + 10_000))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    // Counts follow from the rows, as the like endpoint keeps them.
    await this.db
      .updateTable('designs')
      .set((eb) => ({
        likes_count: eb
          .selectFrom('likes')
          .whereRef('likes.design_id', '=', 'designs.id')
          .select(eb.fn.countAll<number>().as('n')),
      }))
      .execute();
  }

  async follow(pairs: { follower_id: string; followee_id: string }[]) {
    if (pairs.length === 0) return;
    await this.db
      .insertInto('follows')
      .values(pairs)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Test mode only: the demo creators get finished sandbox payout accounts, so their paid designs
   * can be bought on a fresh machine. (Their ids mean nothing to a real provider.)
   */
  async giveSandboxPayoutAccounts(usernames: string[]) {
    const users = await this.db.selectFrom('users').select('id').where('username', 'in', usernames).execute();
    if (users.length === 0) return;
    await this.db
      .insertInto('seller_accounts')
      .values(
        users.map((u) => ({
          user_id: u.id,
          provider_account_id: `acct_sandbox_demo_${u.id.replaceAll('-', '')}`,
          charges_enabled: true,
          payouts_enabled: true,
          details_submitted: true,
        })),
      )
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /**
   * Bulk inserts and the count update leave dead rows and no planner statistics; tidy up so the
   * first queries after seeding run as they would on a settled database. PostgreSQL refuses VACUUM
   * inside a transaction, so there this is a no-op and the caller runs it after the commit.
   */
  async vacuumAnalyze() {
    if (this.db.isTransaction) return;
    await sql`vacuum analyze`.execute(this.db);
  }

  designIds() {
    return this.db.selectFrom('designs').select('id').execute();
  }
}
