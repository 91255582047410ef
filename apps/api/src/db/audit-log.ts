import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

export type AuditEntry = {
  actorId: string;
  /** What was done, e.g. `report.dismiss`. */
  action: string;
  targetType: string;
  targetId: string;
  reason?: string;
};

/**
 * Adds a line to the audit log (migration 0022), in the transaction of the action it records, so
 * an action and its record are kept or lost together. Lines are never changed or removed.
 */
export async function recordAudit(db: Kysely<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      reason: entry.reason ?? '',
    })
    .execute();
}
