import { z } from 'zod';
import { CATEGORIES, TAG_MAX_LENGTH, TAGS_MAX } from './constants.ts';
import { priceCents } from './price.ts';

/** User-facing texts of the upload wizard and the edit page (docs/product.md#validation), verbatim. */
export const UPLOAD_MSG = {
  nameRequired: 'Model name is required.',
  descriptionRequired: 'Model description is required.',
  noStlFiles: 'No STL files to upload.',
  priceRequired: 'Price must be greater than 0 for paid designs.',
  collectionPrice: 'Collection price must be a positive number if you are selling this collection.',
  noStlProvided: 'No STL files provided.',
  noFilesSelected: 'No files selected',
} as const;

export const DESIGN_NAME_MAX_LENGTH = 120;
export const DESIGN_TEXT_MAX_LENGTH = 10_000;
export const COLLECTION_NAME_MAX_LENGTH = 120;
/**
 * Names the model and photo pickers accept (docs/product.md#uploads); the server checks the content
 * too. Models: STL, 3MF (what slicers save) and OBJ.
 */
export const MODEL_EXTENSIONS = ['.stl', '.3mf', '.obj'] as const;
export const PHOTO_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.bmp'] as const;

export type ModelKind = 'stl' | '3mf' | 'obj';

/** The kind of model a file name says it is (by its extension, in any case), or null. */
export function modelKindOf(name: string): ModelKind | null {
  const lower = name.toLowerCase();
  const extension = MODEL_EXTENSIONS.find((ext) => lower.endsWith(ext));
  return extension ? (extension.slice(1) as ModelKind) : null;
}

const flag = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(max, `Keep this text under ${max} characters.`));

/** Comma-separated tags: trimmed, lower-case, without repeats, at most TAGS_MAX of TAG_MAX_LENGTH. */
export function normaliseTags(value: string | undefined): string[] {
  const tags = (value ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, TAG_MAX_LENGTH).trim())
    .filter(Boolean);
  return [...new Set(tags)].slice(0, TAGS_MAX);
}

/** `categories` is a JSON list of one category (the wizard's single select); a bare name works too. */
function parseCategory(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed[0] ?? null) : parsed;
  } catch {
    return value.trim();
  }
}

/**
 * The upload payload's text fields (docs/product.md#uploads), checked in the order of
 * docs/product.md#validation: the first failing check's message is the one shown. `stlCount` is how
 * many STL files come with it, so 'No STL files to upload.' takes its place in that order.
 */
export const uploadFieldsSchema = z
  .object({
    designName: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(
        z
          .string()
          .min(1, UPLOAD_MSG.nameRequired)
          .max(DESIGN_NAME_MAX_LENGTH, `Model name must be at most ${DESIGN_NAME_MAX_LENGTH} characters.`),
      ),
    description: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(z.string().min(1, UPLOAD_MSG.descriptionRequired).max(DESIGN_TEXT_MAX_LENGTH)),
    stlCount: z.number().int().min(1, UPLOAD_MSG.noStlFiles),
    isPaid: flag,
    price: z.union([z.string(), z.number()]).optional(),
    newCollectionPrice: z.union([z.string(), z.number()]).optional(),
    settings: text(DESIGN_TEXT_MAX_LENGTH),
    manufacturingInstructions: text(DESIGN_TEXT_MAX_LENGTH),
    usages: text(DESIGN_TEXT_MAX_LENGTH),
    categories: z
      .string()
      .optional()
      .transform(parseCategory)
      .pipe(z.enum(CATEGORIES, 'Choose one of the listed categories.').nullable()),
    tags: z.string().optional().transform(normaliseTags),
    uploadId: z.string().max(100).optional(),
    subscription: flag,
    createNewCollection: flag,
    collectionId: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    newCollectionName: z
      .string()
      .optional()
      .transform((v) => (v ?? '').trim())
      .pipe(z.string().max(COLLECTION_NAME_MAX_LENGTH)),
    newCollectionSubscription: flag,
  })
  .transform((v, ctx) => {
    // A free design has no price, whatever was typed (choosing free clears it).
    const designCents = v.isPaid ? priceCents(v.price) : 0;
    if (designCents === null || (v.isPaid && designCents === 0)) {
      ctx.addIssue({ code: 'custom', message: UPLOAD_MSG.priceRequired, path: ['price'] });
      return z.NEVER;
    }
    // Only a new collection has a price here; left out it is 0 (the form sends a blank one as 0).
    const collectionPriceCents =
      v.createNewCollection && v.newCollectionPrice !== undefined ? priceCents(v.newCollectionPrice) : 0;
    if (collectionPriceCents === null) {
      ctx.addIssue({ code: 'custom', message: UPLOAD_MSG.collectionPrice, path: ['newCollectionPrice'] });
      return z.NEVER;
    }
    if (v.createNewCollection && v.newCollectionName === '') {
      ctx.addIssue({ code: 'custom', message: 'Collection name is required.', path: ['newCollectionName'] });
      return z.NEVER;
    }
    return {
      name: v.designName,
      description: v.description,
      settings: v.settings,
      manufacturingInstructions: v.manufacturingInstructions,
      usages: v.usages,
      category: v.categories,
      tags: v.tags,
      isPaid: v.isPaid,
      priceCents: designCents,
      // Ticking "create new" clears the existing choice (docs/product.md#upload-wizard).
      collection: v.createNewCollection
        ? {
            kind: 'new' as const,
            name: v.newCollectionName,
            priceCents: collectionPriceCents,
            subscription: v.newCollectionSubscription,
          }
        : v.collectionId
          ? { kind: 'existing' as const, id: v.collectionId }
          : null,
    };
  });

export type UploadFieldsInput = z.input<typeof uploadFieldsSchema>;
export type UploadFields = z.output<typeof uploadFieldsSchema>;

/** What POST /api/designs/upload answers (201). */
export type UploadResponse = {
  design: { _id: string; id: string; slug: string; name: string; user: { _id: string; username: string } };
  message: string;
};
