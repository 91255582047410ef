import {
  type FollowResponse,
  type FollowStatus,
  followRequestSchema,
  SOCIAL_MSG,
} from '@printmarket/shared/social';
import { mayFollow } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import type { FollowCounts, FollowRepo } from './follows-repo.ts';

const userNotFound = () => notFound(SOCIAL_MSG.userNotFound, 'USER_NOT_FOUND');

/**
 * Following people (docs/product.md#social): idempotent, never oneself, counts from the rows. A
 * follow queues the mail that tells the creator (sent at most once a day).
 */
export class FollowService {
  constructor(
    private readonly repo: FollowRepo,
    private readonly followed: (creatorId: string) => Promise<void>,
  ) {}

  /** Visitors follow nobody, so they get `false` rather than an error. */
  async status(viewer: Viewer | null, userId: string): Promise<FollowStatus> {
    if (!isUuid(userId) || !(await this.repo.userExists(userId))) throw userNotFound();
    return { isFollowing: viewer ? await this.repo.isFollowing(viewer.id, userId) : false };
  }

  follow(viewer: Viewer | null, body: unknown): Promise<FollowResponse> {
    return this.#change(viewer, body, 'follow');
  }

  unfollow(viewer: Viewer | null, body: unknown): Promise<FollowResponse> {
    return this.#change(viewer, body, 'unfollow');
  }

  async #change(
    viewer: Viewer | null,
    body: unknown,
    action: 'follow' | 'unfollow',
  ): Promise<FollowResponse> {
    // Ids are UUIDs, which compare without regard to case: so must the check for oneself.
    const targetUserId = parseInput(followRequestSchema, body).targetUserId.toLowerCase();
    const decision = mayFollow(viewer, targetUserId);
    if (!decision.allowed) {
      if (decision.reason === 'sign-in') throw unauthorized(SOCIAL_MSG.followSignIn, 'NOT_SIGNED_IN');
      throw action === 'follow'
        ? badRequest(SOCIAL_MSG.cannotFollowSelf, 'CANNOT_FOLLOW_SELF')
        : badRequest(SOCIAL_MSG.cannotUnfollowSelf, 'CANNOT_FOLLOW_SELF');
    }
    if (!viewer || !isUuid(targetUserId)) throw userNotFound();
    const counts: FollowCounts | undefined =
      action === 'follow'
        ? await this.repo.follow(viewer.id, targetUserId)
        : await this.repo.unfollow(viewer.id, targetUserId);
    if (!counts) throw userNotFound();
    if (action === 'follow') await this.followed(targetUserId);
    return { isFollowing: action === 'follow', updatedStats: counts };
  }
}
