import { type Kysely, sql } from 'kysely';

/**
 * Trust and safety. `reports`: what members reported (a design, a collection or a person), open
 * until an operator resolves it; one open report per person and target. `audit_log`: every
 * operator action, who, when, on what and why; append-only, which PostgreSQL itself enforces.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('reporter_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) =>
      c.notNull().check(sql`target_type in ('design', 'collection', 'user')`),
    )
    .addColumn('target_id', 'uuid', (c) => c.notNull())
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('copyright', 'prohibited', 'spam', 'harassment', 'other')`),
    )
    .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`status in ('open', 'resolved')`),
    )
    .addColumn('resolution', 'text', (c) => c.check(sql`resolution in ('dismiss', 'takedown')`))
    .addColumn('resolution_note', 'text')
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index reports_one_open_idx on reports (reporter_id, target_type, target_id)
    where status = 'open'`.execute(db);
  await sql`create index reports_queue_idx on reports (status, created_at desc)`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit log is append-only';
    end
    $$`.execute(db);
  await sql`
    create trigger audit_log_append_only before update or delete or truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  await db.schema.dropTable('reports').ifExists().execute();
}
