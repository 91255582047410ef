import type { Database } from '../../db/database.ts';

/** SQL for a person's copy of their data: everything read is theirs, or about them. */
export class AccountExportRepo {
  constructor(private readonly db: Database) {}

  profile(userId: string) {
    return this.db
      .selectFrom('users')
      .select([
        'username',
        'name',
        'email',
        'email_verified_at',
        'bio',
        'location',
        'social_links',
        'created_at',
      ])
      .select((eb) => eb('google_sub', 'is not', null).$castTo<boolean>().as('google'))
      .select((eb) => eb('password_hash', 'is not', null).$castTo<boolean>().as('password'))
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The person's designs. */
  designs(userId: string) {
    return this.db
      .selectFrom('designs as d')
      .leftJoin('collections as c', 'c.id', 'd.collection_id')
      .select([
        'd.id',
        'd.name',
        'd.slug',
        'd.description',
        'd.category',
        'd.tags',
        'd.is_paid',
        'd.price_cents',
        'd.views',
        'd.likes_count',
        'd.downloads',
        'd.created_at',
        'c.name as collection',
      ])
      .where('d.user_id', '=', userId)
      .orderBy('d.created_at')
      .execute();
  }

  /** The names and kinds of the files of the person's designs (not the files: those are downloads). */
  designFiles(userId: string) {
    return this.db
      .selectFrom('design_files as f')
      .innerJoin('designs as d', 'd.id', 'f.design_id')
      .select(['f.design_id', 'f.name', 'f.kind'])
      .where('d.user_id', '=', userId)
      .orderBy('f.design_id')
      .orderBy('f.position')
      .execute();
  }

  collections(userId: string) {
    return this.db
      .selectFrom('collections')
      .select([
        'id',
        'name',
        'description',
        'visibility',
        'pricing_type',
        'price_cents',
        'archived_at',
        'created_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  likes(userId: string) {
    return this.db
      .selectFrom('likes as l')
      .innerJoin('designs as d', 'd.id', 'l.design_id')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.name as design', 'u.username as owner', 'l.created_at'])
      .where('l.user_id', '=', userId)
      .orderBy('l.created_at')
      .execute();
  }

  /** Whom the person follows (`following`) or who follows them. */
  follows(userId: string, direction: 'following' | 'followers') {
    const [me, other] =
      direction === 'following'
        ? (['f.follower_id', 'f.followee_id'] as const)
        : (['f.followee_id', 'f.follower_id'] as const);
    return this.db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', other)
      .select(['u.username', 'f.created_at'])
      .where(me, '=', userId)
      .orderBy('f.created_at')
      .execute();
  }

  purchases(userId: string) {
    return this.db
      .selectFrom('purchases')
      .select(['id', 'kind', 'item_name', 'price_cents', 'created_at'])
      .where('buyer_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  subscriptions(userId: string) {
    return this.db
      .selectFrom('subscriptions')
      .select([
        'collection_name',
        'plan_name',
        'plan_type',
        'price_cents',
        'status',
        'start_date',
        'end_date',
        'canceled_at',
      ])
      .where('subscriber_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Every sale and renewal paid to the person as a seller, with the split. */
  sales(userId: string) {
    return this.db
      .selectFrom('earnings')
      .select([
        'source',
        'price_cents',
        'platform_fee_cents',
        'provider_fee_cents',
        'creator_cents',
        'refunded_at',
        'created_at',
      ])
      .where('seller_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }
}
