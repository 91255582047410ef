import { priceCents as toCents } from '@printmarket/shared/price';
import type { DesignDetail } from '@printmarket/shared/types';
import { z } from 'zod';
import { mayChangeDesign } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  type DesignDetailService,
  type DesignRecord,
  designNotFound,
} from '../design-detail/design-detail-service.ts';
import type { DesignEditRepo } from './design-edit-repo.ts';

/** Texts of the edit screen (docs/product.md#edit-design). */
export const EDIT_SIGN_IN = 'You must be logged in to edit a design.';
export const INVALID_PRICE = 'Invalid price.';
const NAME_REQUIRED = 'Model name is required.';
const NAME_MAX_LENGTH = 120;
const DESCRIPTION_MAX_LENGTH = 5000;

/**
 * The edit form: every field but the name may be left out, meaning "unchanged". The price may be
 * a number or the text of the form's price input; it is checked against `isPaid` afterwards.
 */
const editInput = z.object({
  name: z
    .string(NAME_REQUIRED)
    .trim()
    .min(1, NAME_REQUIRED)
    .max(NAME_MAX_LENGTH, `The name can be at most ${NAME_MAX_LENGTH} characters.`),
  description: z
    .string('The description must be text.')
    .max(DESCRIPTION_MAX_LENGTH, `The description can be at most ${DESCRIPTION_MAX_LENGTH} characters.`)
    .optional(),
  isPaid: z.boolean('isPaid must be true or false.').optional(),
  price: z.union([z.number(), z.string()], INVALID_PRICE).nullable().optional(),
  collectionId: z
    .union([z.uuid('collectionId must be a collection id.'), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value === '' ? null : value)),
});

/** The owner's edit screen: reading a design for editing and saving its fields. */
export class DesignEditService {
  constructor(
    private readonly repo: DesignEditRepo,
    private readonly details: DesignDetailService,
  ) {}

  async read(designId: string, viewer: Viewer | null): Promise<DesignDetail> {
    const row = await this.#ownedDesign(designId, viewer);
    return this.details.present(row, viewer);
  }

  async update(designId: string, body: unknown, viewer: Viewer | null): Promise<DesignDetail> {
    const row = await this.#ownedDesign(designId, viewer);
    const input = parseInput(editInput, body);
    const isPaid = input.isPaid ?? row.is_paid;
    let priceCents = 0;
    if (isPaid) {
      const given = input.price ?? (input.isPaid === undefined ? row.price_cents / 100 : null);
      priceCents = (given === null ? null : toCents(given)) ?? 0;
      if (priceCents === 0) throw badRequest(INVALID_PRICE, 'INVALID_PRICE');
    }
    const collectionId = input.collectionId === undefined ? row.collection_id : input.collectionId;
    if (collectionId && collectionId !== row.collection_id) {
      const collection = await this.repo.findCollectionOwner(collectionId);
      // Someone else's collection is answered like a missing one: its existence is not ours to tell.
      if (!collection || collection.user_id !== row.owner_id) {
        throw notFound('Collection not found.', 'COLLECTION_NOT_FOUND');
      }
    }
    const saved = await this.repo.update(row.id, row.owner_id, {
      name: input.name,
      description: input.description ?? row.description,
      isPaid,
      priceCents,
      collectionId,
    });
    if (!saved) throw designNotFound();
    return this.details.present(await this.details.rowById(row.id), viewer);
  }

  async #ownedDesign(designId: string, viewer: Viewer | null): Promise<DesignRecord> {
    if (!viewer) throw unauthorized(EDIT_SIGN_IN, 'NOT_SIGNED_IN');
    if (!isUuid(designId)) throw designNotFound();
    const row = await this.details.rowById(designId);
    if (!mayChangeDesign(viewer, { ownerId: row.owner_id, isPaid: row.is_paid })) {
      throw forbidden('Only the owner can edit this design.', 'NOT_OWNER');
    }
    return row;
  }
}
