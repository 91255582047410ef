import {
  REPORT_ALREADY_OPEN,
  REPORT_SENT,
  REPORT_TARGET_MISSING,
  type ReportResponse,
  reportSchema,
} from '@printmarket/shared/reports';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { refuseWhileLimited, type WindowCounter } from '../../lib/rate-limit.ts';
import { parseInput } from '../../lib/validate.ts';
import type { ReportsRepo } from './reports-repo.ts';

/**
 * Members reporting a design, a collection or a person to the operators (docs/api.md). Only what
 * members are shown can be reported, never one's own, and one open report per person and target.
 */
export class ReportsService {
  constructor(
    private readonly repo: ReportsRepo,
    private readonly perHour: WindowCounter,
  ) {}

  async report(viewer: Viewer, body: unknown): Promise<ReportResponse> {
    const input = parseInput(reportSchema, body);
    const target = isUuid(input.targetId)
      ? await this.repo.target(input.targetType, input.targetId)
      : undefined;
    if (!target) throw notFound(REPORT_TARGET_MISSING, 'NOT_FOUND');
    if (target.ownerId === viewer.id) throw badRequest('You cannot report your own page.', 'OWN_TARGET');
    refuseWhileLimited(await this.perHour.take([`user:${viewer.id}`]), 'Too many reports.');
    const id = await this.repo.create({
      reporterId: viewer.id,
      ...input,
      targetId: input.targetId.toLowerCase(),
    });
    if (!id) throw conflict(REPORT_ALREADY_OPEN, 'ALREADY_REPORTED');
    return { id, message: REPORT_SENT };
  }
}
