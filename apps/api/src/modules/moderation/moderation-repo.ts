import { type Kysely, sql, type Transaction } from 'kysely';
import { recordAudit } from '../../db/audit-log.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { takeDownDesign } from '../../db/takedowns.ts';

const DESIGN_COLUMNS = [
  'designs.id',
  'designs.name',
  'designs.slug',
  'designs.user_id as owner_id',
  'users.username as owner_username',
  'designs.taken_down_at',
  'designs.takedown_reason',
  'designs.takedown_reply',
  'designs.takedown_reply_at',
  sql<boolean>`designs.withheld_at is not null`.as('withheld'),
] as const;

const USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.name',
  'users.email',
  'users.created_at',
  'users.suspended_at',
  'users.suspension_reason',
  'users.deleted_at',
] as const;

/** Subscriptions a suspension stopped from renewing: the provider is told by a job. */
export type StoppedRenewal = { providerSubscriptionId: string };
/** Queues, in the suspension's transaction, the provider's cancellations. */
export type AfterSuspension = (trx: Transaction<DB>, stopped: StoppedRenewal[]) => Promise<void>;

/**
 * SQL of the operators' takedowns and suspensions, and of the owner's reply to a takedown. Each
 * action and its audit line are one transaction; the withheld columns (migration 0023) move with
 * them, so every listing and access check sees the change at once.
 */
export class ModerationRepo {
  constructor(private readonly db: Database) {}

  design(designId: string) {
    return this.#designs().where('designs.id', '=', designId).executeTakeFirst();
  }

  /** Taken-down designs, the most recently taken down first. */
  takenDown(limit: number) {
    return this.#designs()
      .where('designs.taken_down_at', 'is not', null)
      .orderBy('designs.taken_down_at', 'desc')
      .orderBy('designs.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** False when the design is unknown or already down. */
  takeDown(designId: string, operatorId: string, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      return (await takeDownDesign(trx, { designId, operatorId, reason })) !== null;
    });
  }

  /**
   * Puts a taken-down design back up; it stays withheld while its owner is suspended. False when
   * it is not down.
   */
  restore(designId: string, operatorId: string, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const restored = await trx
        .updateTable('designs')
        .set({
          taken_down_at: null,
          withheld_at: sql<Date | null>`case when exists (
            select 1 from users where users.id = designs.user_id and users.suspended_at is not null
          ) then withheld_at end`,
        })
        .where('id', '=', designId)
        .where('taken_down_at', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      if (!restored) return false;
      await recordAudit(trx, {
        actorId: operatorId,
        action: 'design.restore',
        targetType: 'design',
        targetId: designId,
        reason,
      });
      return true;
    });
  }

  /** The owner's one reply to a takedown, kept on the design and in the audit log. */
  reply(designId: string, ownerId: string, message: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const replied = await trx
        .updateTable('designs')
        .set({ takedown_reply: message, takedown_reply_at: sql<Date>`now()` })
        .where('id', '=', designId)
        .where('user_id', '=', ownerId)
        .where('taken_down_at', 'is not', null)
        .where('takedown_reply_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!replied) return false;
      await recordAudit(trx, {
        actorId: ownerId,
        action: 'design.takedown-reply',
        targetType: 'design',
        targetId: designId,
        reason: message,
      });
      return true;
    });
  }

  user(userId: string) {
    return this.#users().where('users.id', '=', userId).executeTakeFirst();
  }

  /** People whose username, name or address contains `text`, whatever its case. */
  searchUsers(text: string, limit: number) {
    const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
    return this.#users()
      .where((eb) =>
        eb.or([
          eb('users.username', 'ilike', pattern),
          eb('users.name', 'ilike', pattern),
          eb('users.email', 'ilike', pattern),
        ]),
      )
      .orderBy('users.username')
      .limit(limit)
      .execute();
  }

  /**
   * Suspends the account: its sessions end, its designs and collections are withheld, its plans'
   * subscriptions stop renewing. False when it is deleted or already suspended. The row is locked
   * first, so a sign-in racing the suspension waits and then finds it suspended.
   */
  suspend(userId: string, operatorId: string, reason: string, after: AfterSuspension): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const suspended = await trx
        .updateTable('users')
        .set({ suspended_at: sql<Date>`now()`, suspension_reason: reason })
        .where('id', '=', userId)
        .where('suspended_at', 'is', null)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!suspended) return false;
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await withholdAllOf(trx, userId);
      const stopped = await trx
        .updateTable('subscriptions')
        .set({
          status: 'canceled',
          canceled_at: sql<Date>`now()`,
          provider_updated_at: sql<Date>`greatest(provider_updated_at, now())`,
        })
        .where('seller_id', '=', userId)
        .where('status', '=', 'active')
        .returning('provider_subscription_id as providerSubscriptionId')
        .execute();
      await after(trx, stopped);
      await recordAudit(trx, {
        actorId: operatorId,
        action: 'user.suspend',
        targetType: 'user',
        targetId: userId,
        reason,
      });
      return true;
    });
  }

  /** Lifts a suspension; taken-down designs stay down. False when it is not suspended. */
  unsuspend(userId: string, operatorId: string, reason: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const lifted = await trx
        .updateTable('users')
        .set({ suspended_at: null, suspension_reason: null })
        .where('id', '=', userId)
        .where('suspended_at', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      if (!lifted) return false;
      await releaseAllOf(trx, userId);
      await recordAudit(trx, {
        actorId: operatorId,
        action: 'user.unsuspend',
        targetType: 'user',
        targetId: userId,
        reason,
      });
      return true;
    });
  }

  #designs() {
    return this.db
      .selectFrom('designs')
      .innerJoin('users', 'users.id', 'designs.user_id')
      .select(DESIGN_COLUMNS);
  }

  #users() {
    return this.db
      .selectFrom('users')
      .select((eb) => [
        ...USER_COLUMNS,
        eb
          .selectFrom('designs')
          .whereRef('designs.user_id', '=', 'users.id')
          .where('designs.archived_at', 'is', null)
          .select(eb.fn.countAll<number>().as('n'))
          .as('designs_count'),
      ]);
  }
}

/** Withholds the person's designs and collections (those withheld already keep their moment). */
async function withholdAllOf(trx: Kysely<DB>, userId: string): Promise<void> {
  await trx
    .updateTable('designs')
    .set({ withheld_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('withheld_at', 'is', null)
    .execute();
  await trx
    .updateTable('collections')
    .set({ withheld_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('withheld_at', 'is', null)
    .execute();
}

/** Gives the person's designs and collections back; taken-down designs stay down. */
async function releaseAllOf(trx: Kysely<DB>, userId: string): Promise<void> {
  await trx
    .updateTable('designs')
    .set({ withheld_at: null })
    .where('user_id', '=', userId)
    .where('taken_down_at', 'is', null)
    .execute();
  await trx.updateTable('collections').set({ withheld_at: null }).where('user_id', '=', userId).execute();
}
