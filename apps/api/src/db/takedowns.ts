import { type Kysely, sql } from 'kysely';
import { recordAudit } from './audit-log.ts';
import type { DB } from './schema.ts';

/**
 * Takes a design down, in the caller's transaction: it is withheld from everyone but its owner and
 * operators (migration 0023), every open report on it is resolved as taken down, and the audit log
 * says who did it and why. Answers how many reports it resolved; null when the design is unknown
 * or already down (nothing changes).
 * Shared by the reports queue (resolve with takedown) and the designs' own takedown call, so both
 * do exactly the same.
 */
export async function takeDownDesign(
  trx: Kysely<DB>,
  takedown: { designId: string; operatorId: string; reason: string },
): Promise<{ reportsResolved: number } | null> {
  const { designId, operatorId, reason } = takedown;
  const taken = await trx
    .updateTable('designs')
    .set({
      taken_down_at: sql<Date>`now()`,
      takedown_reason: reason,
      takedown_reply: null,
      takedown_reply_at: null,
      withheld_at: sql<Date>`coalesce(withheld_at, now())`,
    })
    .where('id', '=', designId)
    .where('taken_down_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!taken) return null;
  const resolved = await trx
    .updateTable('reports')
    .set({
      status: 'resolved',
      resolution: 'takedown',
      resolution_note: reason,
      resolved_by: operatorId,
      resolved_at: sql<Date>`now()`,
    })
    .where('target_type', '=', 'design')
    .where('target_id', '=', designId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  await recordAudit(trx, {
    actorId: operatorId,
    action: 'design.takedown',
    targetType: 'design',
    targetId: designId,
    reason,
  });
  return { reportsResolved: Number(resolved.numUpdatedRows) };
}
