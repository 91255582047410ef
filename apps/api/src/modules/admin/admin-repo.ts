import { sql } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import type { Database } from '../../db/database.ts';
import { takeDownDesign } from '../../db/takedowns.ts';

/** SQL of the operators' console: the reports queue and the audit log. */
export class AdminRepo {
  constructor(private readonly db: Database) {}

  /** Up to `limit` reports in `status`, newest first, with a preview of each target. */
  reports(status: 'open' | 'resolved', limit: number) {
    return this.db
      .selectFrom('reports as r')
      .innerJoin('users as reporter', 'reporter.id', 'r.reporter_id')
      .leftJoin('designs as d', (join) =>
        join.onRef('d.id', '=', 'r.target_id').on('r.target_type', '=', 'design'),
      )
      .leftJoin('collections as c', (join) =>
        join.onRef('c.id', '=', 'r.target_id').on('r.target_type', '=', 'collection'),
      )
      .leftJoin('users as person', (join) =>
        join.onRef('person.id', '=', 'r.target_id').on('r.target_type', '=', 'user'),
      )
      .leftJoin('users as owner', (join) =>
        join.on((eb) =>
          eb.or([eb('owner.id', '=', eb.ref('d.user_id')), eb('owner.id', '=', eb.ref('c.user_id'))]),
        ),
      )
      .leftJoin('users as resolver', 'resolver.id', 'r.resolved_by')
      .select((eb) => [
        'r.id',
        'r.status',
        'r.reason',
        'r.details',
        'r.created_at',
        'r.target_type',
        'r.target_id',
        'r.resolution',
        'r.resolution_note',
        'r.resolved_at',
        'reporter.id as reporter_id',
        'reporter.username as reporter_username',
        'd.name as design_name',
        'd.slug as design_slug',
        'c.name as collection_name',
        'person.username as person_username',
        'owner.username as owner_username',
        'resolver.username as resolver_username',
        eb
          .selectFrom('reports as same')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('same.target_type', '=', 'r.target_type')
          .whereRef('same.target_id', '=', 'r.target_id')
          .where('same.status', '=', 'open')
          .as('open_on_target'),
      ])
      .where('r.status', '=', status)
      .orderBy(status === 'open' ? 'r.created_at' : 'r.resolved_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The report's target, when the report is open. */
  openReport(reportId: string) {
    return this.db
      .selectFrom('reports')
      .select(['target_type', 'target_id'])
      .where('id', '=', reportId)
      .where('status', '=', 'open')
      .executeTakeFirst();
  }

  /**
   * Takes the reported design down, which resolves every open report on it (db/takedowns.ts);
   * the number resolved, 0 when the report is no longer open or the design already down.
   */
  takeDown(reportId: string, designId: string, operatorId: string, reason: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const report = await trx
        .selectFrom('reports')
        .select('id')
        .where('id', '=', reportId)
        .where('status', '=', 'open')
        .forUpdate()
        .executeTakeFirst();
      if (!report) return 0;
      const taken = await takeDownDesign(trx, { designId, operatorId, reason });
      return taken?.reportsResolved ?? 0;
    });
  }

  /**
   * Dismisses the report and every other open report on the same target, with one line in the
   * audit log; 0 when the report is not open (resolved meanwhile, or unknown).
   */
  dismiss(reportId: string, operatorId: string, note: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const report = await trx
        .selectFrom('reports')
        .select(['target_type', 'target_id'])
        .where('id', '=', reportId)
        .where('status', '=', 'open')
        .forUpdate()
        .executeTakeFirst();
      if (!report) return 0;
      const resolved = await trx
        .updateTable('reports')
        .set({
          status: 'resolved',
          resolution: 'dismiss',
          resolution_note: note,
          resolved_by: operatorId,
          resolved_at: sql<Date>`now()`,
        })
        .where('target_type', '=', report.target_type)
        .where('target_id', '=', report.target_id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      await recordAudit(trx, {
        actorId: operatorId,
        action: 'report.dismiss',
        targetType: report.target_type,
        targetId: report.target_id,
        reason: note,
      });
      return Number(resolved.numUpdatedRows);
    });
  }

  /** Audit lines, newest first, matching the filters given. */
  audit(filters: {
    actor?: string;
    action?: string;
    targetType?: string;
    targetId?: string;
    before?: number;
    limit: number;
  }) {
    let query = this.db
      .selectFrom('audit_log as a')
      .innerJoin('users as actor', 'actor.id', 'a.actor_id')
      .select([
        'a.id',
        'a.created_at',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.reason',
        'actor.id as actor_id',
        'actor.username as actor_username',
      ]);
    if (filters.actor) query = query.where(sql<boolean>`lower(actor.username) = lower(${filters.actor})`);
    if (filters.action) query = query.where('a.action', '=', filters.action);
    if (filters.targetType) query = query.where('a.target_type', '=', filters.targetType);
    if (filters.targetId) query = query.where('a.target_id', '=', filters.targetId);
    if (filters.before) query = query.where('a.id', '<', String(filters.before));
    return query.orderBy('a.id', 'desc').limit(filters.limit).execute();
  }
}
