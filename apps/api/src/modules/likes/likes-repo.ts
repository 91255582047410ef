import type { Database } from '../../db/database.ts';
import { sameUsername } from '../../db/same-username.ts';

/** SQL for liking designs. */
export class DesignLikesRepo {
  constructor(private readonly db: Database) {}

  findDesignId(username: string, slug: string) {
    return (
      this.db
        .selectFrom('designs')
        .innerJoin('users', 'users.id', 'designs.user_id')
        .select('designs.id')
        .where(sameUsername('users.username', username))
        .where('designs.slug', '=', slug)
        // An archived design takes no new likes (it is shown to nobody but its holders).
        .where('designs.archived_at', 'is', null)
        .where('designs.withheld_at', 'is', null)
        .executeTakeFirst()
    );
  }

  /**
   * Flips one person's like and moves the counter by the same step in one transaction, so
   * `likes_count` always equals the number of likes rows. Racing toggles by different people
   * queue on the design's row lock for `likes_count + 1`; racing toggles by the same person are
   * decided by the likes primary key (the loser's delete or insert changes nothing and so does
   * not move the counter). Undefined when the design is gone.
   */
  toggle(userId: string, designId: string) {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('likes')
        .where('user_id', '=', userId)
        .where('design_id', '=', designId)
        .returning('user_id')
        .executeTakeFirst();
      const added = removed
        ? undefined
        : await trx
            .insertInto('likes')
            .values({ user_id: userId, design_id: designId })
            .onConflict((oc) => oc.doNothing())
            .returning('user_id')
            .executeTakeFirst();
      const step = removed ? -1 : added ? 1 : 0;
      const design = await trx
        .updateTable('designs')
        .set((eb) => ({ likes_count: eb('likes_count', '+', step) }))
        .where('id', '=', designId)
        .returning('likes_count')
        .executeTakeFirst();
      if (!design) return undefined;
      return { hasLiked: !removed, likesCount: design.likes_count };
    });
  }
}
