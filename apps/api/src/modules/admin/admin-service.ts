import {
  type AdminReport,
  type AdminReportsResponse,
  type AuditResponse,
  adminReportsQuerySchema,
  auditQuerySchema,
  type ResolveReportResponse,
  resolveReportSchema,
} from '@printmarket/shared/admin';
import { pagePaths } from '@printmarket/shared/page-paths';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import type { AdminRepo } from './admin-repo.ts';

type ReportRow = Awaited<ReturnType<AdminRepo['reports']>>[number];

const TAKEDOWN_NEEDS_REASON = 'Give a reason: the owner is shown it.';
const ONLY_DESIGNS_TAKEN_DOWN = 'Only a design can be taken down; for a person, suspend the account.';

/** The operators' console (docs/api.md). Every call reaches here only for operators (the routes). */
export class AdminService {
  constructor(private readonly repo: AdminRepo) {}

  async reports(query: unknown): Promise<AdminReportsResponse> {
    const { status } = parseInput(adminReportsQuerySchema, query);
    const rows = await this.repo.reports(status, 200);
    return { reports: rows.map(toAdminReport) };
  }

  /**
   * Dismisses, or takes the reported design down; either resolves every open report on the
   * target. A takedown needs a reason (the note, which its owner is shown).
   */
  async resolve(operator: Viewer, reportId: string, body: unknown): Promise<ResolveReportResponse> {
    const { action, note } = parseInput(resolveReportSchema, body);
    if (!isUuid(reportId)) throw notFound('Report not found.', 'REPORT_NOT_FOUND');
    let resolved: number;
    if (action === 'takedown') {
      if (note === '') throw badRequest(TAKEDOWN_NEEDS_REASON, 'VALIDATION_ERROR');
      const report = await this.repo.openReport(reportId);
      if (report && report.target_type !== 'design')
        throw badRequest(ONLY_DESIGNS_TAKEN_DOWN, 'NOT_A_DESIGN');
      resolved = report ? await this.repo.takeDown(reportId, report.target_id, operator.id, note) : 0;
    } else {
      resolved = await this.repo.dismiss(reportId, operator.id, note);
    }
    if (resolved === 0) throw conflict('This report is not open.', 'REPORT_NOT_OPEN');
    return { resolved };
  }

  async audit(query: unknown): Promise<AuditResponse> {
    const filters = parseInput(auditQuerySchema, query);
    const rows = await this.repo.audit(filters);
    const entries = rows.map((row) => ({
      id: Number(row.id),
      at: row.created_at.toISOString(),
      actor: { id: row.actor_id, username: row.actor_username },
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      reason: row.reason,
    }));
    const last = entries.at(-1);
    return { entries, nextBefore: entries.length === filters.limit && last ? last.id : null };
  }
}

function toAdminReport(row: ReportRow): AdminReport {
  const target = ((): Pick<AdminReport['target'], 'label' | 'path' | 'ownerUsername'> => {
    switch (row.target_type) {
      case 'design':
        return {
          label: row.design_name,
          path:
            row.owner_username && row.design_slug
              ? pagePaths.design(row.owner_username, row.design_slug)
              : null,
          ownerUsername: row.owner_username,
        };
      case 'collection':
        return {
          label: row.collection_name,
          path: row.collection_name ? pagePaths.collection(row.target_id) : null,
          ownerUsername: row.owner_username,
        };
      case 'user':
        return {
          label: row.person_username,
          path: row.person_username ? pagePaths.profile(row.person_username) : null,
          ownerUsername: row.person_username,
        };
    }
  })();
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    details: row.details,
    createdAt: row.created_at.toISOString(),
    reporter: { id: row.reporter_id, username: row.reporter_username },
    target: { type: row.target_type, id: row.target_id, ...target },
    openReportsOnTarget: Number(row.open_on_target),
    resolution:
      row.resolution && row.resolved_at
        ? {
            action: row.resolution,
            note: row.resolution_note ?? '',
            by: row.resolver_username ?? '',
            at: row.resolved_at.toISOString(),
          }
        : null,
  };
}
