import type { ReportReason, ReportTargetType } from '@printmarket/shared/reports';
import type { Database } from '../../db/database.ts';
import { uniqueViolation } from '../../db/errors.ts';

/** SQL for members' reports. */
export class ReportsRepo {
  constructor(private readonly db: Database) {}

  /**
   * Whether the target exists and is shown to members: a design not archived, a public collection
   * not archived, a person whose account was not deleted. Its owner, for refusing self-reports.
   */
  async target(type: ReportTargetType, id: string): Promise<{ ownerId: string } | undefined> {
    switch (type) {
      case 'design':
        return this.db
          .selectFrom('designs')
          .select('user_id as ownerId')
          .where('id', '=', id)
          .where('archived_at', 'is', null)
          .where('withheld_at', 'is', null)
          .executeTakeFirst();
      case 'collection':
        return this.db
          .selectFrom('collections')
          .select('user_id as ownerId')
          .where('id', '=', id)
          .where('visibility', '=', 'public')
          .where('archived_at', 'is', null)
          .where('withheld_at', 'is', null)
          .executeTakeFirst();
      case 'user':
        return this.db
          .selectFrom('users')
          .select('id as ownerId')
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .where('suspended_at', 'is', null)
          .executeTakeFirst();
    }
  }

  /** The new report's id, or null when the person already has an open report on the target. */
  async create(report: {
    reporterId: string;
    targetType: ReportTargetType;
    targetId: string;
    reason: ReportReason;
    details: string;
  }): Promise<string | null> {
    try {
      const row = await this.db
        .insertInto('reports')
        .values({
          reporter_id: report.reporterId,
          target_type: report.targetType,
          target_id: report.targetId,
          reason: report.reason,
          details: report.details,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (err) {
      // Two reports racing: the partial unique index keeps one open report per person and target.
      if (uniqueViolation(err) === 'reports_one_open_idx') return null;
      throw err;
    }
  }
}
