import {
  type AdminDesign,
  type AdminDesignResponse,
  type AdminDesignsResponse,
  type AdminUser,
  type AdminUserResponse,
  type AdminUsersResponse,
  adminUsersQuerySchema,
  operatorNoteSchema,
  operatorReasonSchema,
  TAKEDOWN_ALREADY_REPLIED,
  type TakedownReplyResponse,
  takedownReplySchema,
} from '@printmarket/shared/admin';
import { pagePaths } from '@printmarket/shared/page-paths';
import { mayChangeDesign, mayViewDesign } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import type { AfterSuspension, ModerationRepo } from './moderation-repo.ts';

type DesignRow = NonNullable<Awaited<ReturnType<ModerationRepo['design']>>>;
type UserRow = NonNullable<Awaited<ReturnType<ModerationRepo['user']>>>;

const designNotFound = () => notFound('Design not found', 'DESIGN_NOT_FOUND');
const userNotFound = () => notFound('User not found', 'USER_NOT_FOUND');

/**
 * Takedowns and suspensions (docs/api.md). The operators' calls reach here only for operators
 * (lib/operator-scope.ts); the owner's reply is checked here against the access policy.
 */
export class ModerationService {
  constructor(
    private readonly repo: ModerationRepo,
    private readonly afterSuspension: AfterSuspension,
    /** After a suspension's commit: the provider's cancellations go now. */
    private readonly suspended: () => void,
  ) {}

  async takenDown(): Promise<AdminDesignsResponse> {
    return { designs: (await this.repo.takenDown(200)).map(toAdminDesign) };
  }

  async takeDown(operator: Viewer, designId: string, body: unknown): Promise<AdminDesignResponse> {
    const { reason } = parseInput(operatorReasonSchema, body);
    await this.#design(designId);
    if (!(await this.repo.takeDown(designId, operator.id, reason)))
      throw conflict('This design is already taken down.', 'ALREADY_TAKEN_DOWN');
    return { design: toAdminDesign(await this.#design(designId)) };
  }

  async restore(operator: Viewer, designId: string, body: unknown): Promise<AdminDesignResponse> {
    const { reason } = parseInput(operatorNoteSchema, body ?? {});
    await this.#design(designId);
    if (!(await this.repo.restore(designId, operator.id, reason)))
      throw conflict('This design is not taken down.', 'NOT_TAKEN_DOWN');
    return { design: toAdminDesign(await this.#design(designId)) };
  }

  /** POST /api/designs/{id}/takedown-reply: the owner answers a takedown, once. */
  async reply(viewer: Viewer, designId: string, body: unknown): Promise<TakedownReplyResponse> {
    const { message } = parseInput(takedownReplySchema, body);
    const design = await this.#design(designId);
    const facts = { ownerId: design.owner_id, isPaid: false, withheld: design.withheld };
    if (!mayViewDesign(viewer, facts)) throw designNotFound();
    if (!mayChangeDesign(viewer, facts))
      throw forbidden('Only the owner can reply to a takedown.', 'NOT_OWNER');
    if (!design.taken_down_at) throw conflict('This design is not taken down.', 'NOT_TAKEN_DOWN');
    if (!(await this.repo.reply(designId, viewer.id, message)))
      throw conflict(TAKEDOWN_ALREADY_REPLIED, 'ALREADY_REPLIED');
    const takedown = toAdminDesign(await this.#design(designId)).takedown;
    if (!takedown) throw conflict('This design is not taken down.', 'NOT_TAKEN_DOWN');
    return { takedown };
  }

  async users(query: unknown): Promise<AdminUsersResponse> {
    const { q } = parseInput(adminUsersQuerySchema, query);
    return { users: (await this.repo.searchUsers(q, 50)).map(toAdminUser) };
  }

  async suspend(operator: Viewer, userId: string, body: unknown): Promise<AdminUserResponse> {
    const { reason } = parseInput(operatorReasonSchema, body);
    const user = await this.#user(userId);
    if (user.id === operator.id) throw badRequest('You cannot suspend your own account.', 'SELF');
    if (user.deleted_at) throw conflict('This account was deleted.', 'ACCOUNT_DELETED');
    if (!(await this.repo.suspend(user.id, operator.id, reason, this.afterSuspension)))
      throw conflict('This account is already suspended.', 'ALREADY_SUSPENDED');
    this.suspended();
    return { user: toAdminUser(await this.#user(userId)) };
  }

  async unsuspend(operator: Viewer, userId: string, body: unknown): Promise<AdminUserResponse> {
    const { reason } = parseInput(operatorNoteSchema, body ?? {});
    await this.#user(userId);
    if (!(await this.repo.unsuspend(userId, operator.id, reason)))
      throw conflict('This account is not suspended.', 'NOT_SUSPENDED');
    return { user: toAdminUser(await this.#user(userId)) };
  }

  async #design(designId: string): Promise<DesignRow> {
    const design = isUuid(designId) ? await this.repo.design(designId) : undefined;
    if (!design) throw designNotFound();
    return design;
  }

  async #user(userId: string): Promise<UserRow> {
    const user = isUuid(userId) ? await this.repo.user(userId) : undefined;
    if (!user) throw userNotFound();
    return user;
  }
}

function toAdminDesign(row: DesignRow): AdminDesign {
  return {
    id: row.id,
    name: row.name,
    path: pagePaths.design(row.owner_username, row.slug),
    ownerUsername: row.owner_username,
    takedown: row.taken_down_at
      ? {
          at: row.taken_down_at.toISOString(),
          reason: row.takedown_reason ?? '',
          reply:
            row.takedown_reply_at && row.takedown_reply !== null
              ? { at: row.takedown_reply_at.toISOString(), message: row.takedown_reply }
              : null,
        }
      : null,
  };
}

function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    createdAt: row.created_at.toISOString(),
    designs: Number(row.designs_count),
    suspension: row.suspended_at
      ? { at: row.suspended_at.toISOString(), reason: row.suspension_reason ?? '' }
      : null,
    deleted: row.deleted_at !== null,
  };
}
