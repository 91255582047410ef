import type { Database } from '../../db/database.ts';
import { sameUsername } from '../../db/same-username.ts';

/** SQL for the view counter and its hourly log. */
export class DesignViewsRepo {
  constructor(private readonly db: Database) {}

  /**
   * Logs a view of the design named by owner and slug, and counts it only when the log row is new
   * for this viewer and hour. Both happen in one transaction, so the counter never drifts from the
   * log: the primary key decides between racing requests of the same viewer. Returns the design's
   * view count, or undefined when there is no such design.
   */
  record(username: string, slug: string, viewer: string, hour: Date) {
    return this.db.transaction().execute(async (trx) => {
      const design = await trx
        .selectFrom('designs')
        .innerJoin('users', 'users.id', 'designs.user_id')
        .select(['designs.id', 'designs.views'])
        .where(sameUsername('users.username', username))
        .where('designs.slug', '=', slug)
        .executeTakeFirst();
      if (!design) return undefined;
      const logged = await trx
        .insertInto('design_views')
        .values({ design_id: design.id, viewer, hour })
        .onConflict((oc) => oc.doNothing())
        .returning('design_id')
        .executeTakeFirst();
      if (!logged) return design.views;
      const counted = await trx
        .updateTable('designs')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', design.id)
        .returning('views')
        .executeTakeFirstOrThrow();
      return counted.views;
    });
  }

  /** Log rows only matter within their hour; older ones are dropped (index design_views_hour_idx). */
  async purgeBefore(cutoff: Date): Promise<void> {
    await this.db.deleteFrom('design_views').where('hour', '<', cutoff).execute();
  }
}
