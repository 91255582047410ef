import { z } from 'zod';
import { COLLECTION_MSG } from './collection-messages.ts';
import { priceCents } from './price.ts';
import { COLLECTION_NAME_MAX_LENGTH } from './uploads.ts';

// Apart, so that screens that only show these texts do not load zod with the schemas.
export { COLLECTION_MSG } from './collection-messages.ts';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a collection cannot be deleted: 'This collection can't be deleted: 3 buyers and 2 active
 * subscribers hold it. Archive it instead.' (only the kinds of holder there are are named).
 */
export function collectionHeldMessage(buyers: number, activeSubscribers: number): string {
  const holders = [
    buyers > 0 ? counted(buyers, 'buyer', 'buyers') : null,
    activeSubscribers > 0 ? counted(activeSubscribers, 'active subscriber', 'active subscribers') : null,
  ].filter((part) => part !== null);
  const verb = buyers + activeSubscribers === 1 ? 'holds' : 'hold';
  return `This collection can't be deleted: ${holders.join(' and ')} ${verb} it. Archive it instead.`;
}

export const COLLECTION_DESCRIPTION_MAX_LENGTH = 5000;
export const PRICING_TYPES = ['free', 'oneTime', 'subscription'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];
export const VISIBILITIES = ['public', 'private'] as const;

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * The fields a collection's owner sets (create and edit), checked in the order of docs/product.md#validation:
 * name, then the price the pricing model needs. Free collections cost nothing, whatever was typed
 * (docs/product.md#collections: Free turns the subscription off and the one-time price to 0).
 */
export const collectionFieldsSchema = z
  .object({
    name: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(
        z
          .string()
          .min(1, COLLECTION_MSG.nameRequired)
          .max(COLLECTION_NAME_MAX_LENGTH, `Keep the name under ${COLLECTION_NAME_MAX_LENGTH} characters.`),
      ),
    description: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(
        z
          .string()
          .max(
            COLLECTION_DESCRIPTION_MAX_LENGTH,
            `Keep the description under ${COLLECTION_DESCRIPTION_MAX_LENGTH} characters.`,
          ),
      ),
    visibility: z.enum(VISIBILITIES, 'Visibility is public or private.').optional().default('public'),
    pricingType: z.enum(PRICING_TYPES, 'The pricing model is free, oneTime or subscription.').default('free'),
    price: z.union([z.string(), z.number()]).optional(),
    allowIndividualPurchase: flag,
  })
  .transform((v, ctx) => {
    const cents = v.pricingType === 'free' ? 0 : priceCents(v.price);
    if (cents === null || (v.pricingType !== 'free' && cents === 0)) {
      const message =
        v.pricingType === 'oneTime' ? COLLECTION_MSG.oneTimePrice : COLLECTION_MSG.subscriptionPrice;
      ctx.addIssue({ code: 'custom', message, path: ['price'] });
      return z.NEVER;
    }
    return {
      name: v.name,
      description: v.description,
      visibility: v.visibility,
      pricingType: v.pricingType,
      priceCents: cents,
      // Individual purchases matter only when the collection itself is sold.
      allowIndividualPurchase: v.pricingType === 'free' ? false : v.allowIndividualPurchase,
    };
  });

export type CollectionFieldsInput = z.input<typeof collectionFieldsSchema>;
export type CollectionFields = z.output<typeof collectionFieldsSchema>;

/** `{ designId }` of PATCH /api/collections/{id}/add and /remove. */
export const collectionDesignSchema = z.object({
  designId: z.uuid('designId must be a design id.'),
});
