import { z } from 'zod';
import { priceCents } from './price.ts';

/** Texts of the edit design screen (docs/product.md#edit-design). */
export const DESIGN_EDIT_MSG = {
  nameRequired: 'Model name is required.',
  invalidPrice: 'Invalid price.',
  noStl: 'No STL files provided.',
} as const;

export const DESIGN_NAME_MAX_LENGTH = 120;
export const DESIGN_DESCRIPTION_MAX_LENGTH = 5000;

/**
 * The price field of the edit screen: a paid design needs a number greater than 0 with at most two
 * decimals (else 'Invalid price.'); a free one sends 0. Returns dollars, or null when invalid.
 */
export function parseEditPrice(isPaid: boolean, text: string): number | null {
  if (!isPaid) return 0;
  // The shared price rule decides, as on the server; only stray spaces around it are forgiven.
  const cents = priceCents(text.trim());
  return cents !== null && cents > 0 ? cents / 100 : null;
}

/**
 * The edit design form's fields as typed. The price is checked against Paid even when another field
 * has a problem too, so every problem shows at once.
 */
export const designEditFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, DESIGN_EDIT_MSG.nameRequired)
      .max(DESIGN_NAME_MAX_LENGTH, `The name can be at most ${DESIGN_NAME_MAX_LENGTH} characters.`),
    description: z
      .string()
      .max(
        DESIGN_DESCRIPTION_MAX_LENGTH,
        `The description can be at most ${DESIGN_DESCRIPTION_MAX_LENGTH} characters.`,
      ),
    isPaid: z.boolean(),
    price: z.string(),
    collectionId: z.string(),
  })
  .refine((form) => parseEditPrice(form.isPaid, form.price) !== null, {
    path: ['price'],
    message: DESIGN_EDIT_MSG.invalidPrice,
    when: ({ value }) => {
      const form = value as { isPaid?: unknown; price?: unknown };
      return typeof form.isPaid === 'boolean' && typeof form.price === 'string';
    },
  })
  .transform((form) => ({
    name: form.name,
    description: form.description,
    isPaid: form.isPaid,
    price: parseEditPrice(form.isPaid, form.price) ?? 0,
    collectionId: form.collectionId || null,
  }));

export type DesignEditFormInput = z.input<typeof designEditFormSchema>;
export type DesignEditFormValues = z.output<typeof designEditFormSchema>;
