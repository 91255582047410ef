import { type ExpressionBuilder, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from './schema.ts';

/** How many images a card carries for its rotating preview. */
export const CARD_IMAGES = 4;

type CardScope = ExpressionBuilder<DB, 'designs' | 'users'>;

/**
 * The columns of a design card, for a query over `designs` joined to their owners in `users`:
 * the design's card fields, its owner and its card images.
 */
export function cardColumns(eb: CardScope) {
  return [
    'designs.id',
    'designs.slug',
    'designs.name',
    'designs.description',
    'designs.category',
    'designs.tags',
    'designs.is_paid',
    'designs.price_cents',
    'designs.views',
    'designs.likes_count',
    'designs.downloads',
    'designs.created_at',
    'users.id as owner_id',
    'users.username as owner_username',
    'users.profile_picture_key as owner_picture_key',
    sql<boolean>`designs.taken_down_at is not null`.as('taken_down'),
    cardImages(eb),
  ] as const;
}

/**
 * Photos first, then the rendered previews of the STL files: a design without photos still shows
 * its models on the card.
 */
function cardImages(eb: CardScope) {
  return jsonArrayFrom(
    eb
      .selectFrom('design_files')
      .select([
        'design_files.id',
        'design_files.name',
        sql<string>`coalesce(design_files.preview_key, design_files.storage_key)`.as('storage_key'),
        sql<string | null>`coalesce(design_files.card_key, design_files.preview_card_key)`.as('card_key'),
      ])
      .whereRef('design_files.design_id', '=', 'designs.id')
      .where((w) =>
        w.or([w('design_files.kind', '=', 'image'), w('design_files.preview_card_key', 'is not', null)]),
      )
      .orderBy('design_files.kind')
      .orderBy('design_files.position')
      .orderBy('design_files.id')
      .limit(CARD_IMAGES),
  ).as('images');
}
