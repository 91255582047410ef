import type { LikeResponse } from '@printmarket/shared/types';
import type { Viewer } from '../../lib/auth-context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { designNotFound } from '../design-detail/design-detail-service.ts';
import type { DesignLikesRepo } from './likes-repo.ts';

/** The alert for a visitor pressing the like button (docs/product.md#sign-in-prompts). */
export const LIKE_SIGN_IN = 'You must log in to like this design.';

export class DesignLikesService {
  constructor(private readonly repo: DesignLikesRepo) {}

  async toggle(username: string, slug: string, viewer: Viewer | null): Promise<LikeResponse> {
    if (!viewer) throw unauthorized(LIKE_SIGN_IN, 'NOT_SIGNED_IN');
    const design = await this.repo.findDesignId(username, slug);
    if (!design) throw designNotFound();
    const result = await this.repo.toggle(viewer.id, design.id);
    if (!result) throw designNotFound();
    return result;
  }
}
