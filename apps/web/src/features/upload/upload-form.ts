import type { Category } from '@printmarket/shared/constants';
import { UPLOAD_MSG, uploadFieldsSchema } from '@printmarket/shared/uploads';

/**
 * Everything the wizard's three steps collect, as the inputs hold it (text, before any parsing).
 * Step 1 is the wizard's "Basic Info" (docs/product.md#upload-wizard); the payload names come from
 * `payloadFields`.
 */
export type UploadFormValues = {
  modelName: string;
  modelDescription: string;
  /** The single select's value; '' while the disabled placeholder 'Select a category' shows. */
  category: Category | '';
  /** Comma-separated, as typed. The server trims, lower-cases and removes repeats. */
  tags: string;
  settings: string;
  manufacturingInstructions: string;
  usages: string;
  pricing: 'free' | 'paid';
  /** Dollars as typed; cleared when "free" is chosen (docs/product.md#upload-wizard). */
  price: string;
  /** One of the creator's collections, or '' for none; cleared when "create new" is ticked. */
  collectionId: string;
  createNewCollection: boolean;
  newCollectionName: string;
  /** Dollars as typed; blank means a free collection and is sent as 0 (docs/product.md#pricing-and-fees). */
  newCollectionPrice: string;
  newCollectionSubscription: boolean;
};

export const EMPTY_UPLOAD_FORM: UploadFormValues = {
  modelName: '',
  modelDescription: '',
  category: '',
  tags: '',
  settings: '',
  manufacturingInstructions: '',
  usages: '',
  pricing: 'free',
  price: '',
  collectionId: '',
  createNewCollection: false,
  newCollectionName: '',
  newCollectionPrice: '',
  newCollectionSubscription: false,
};

/** The wizard's steps, in order, with the titles the step indicator and the headings show. */
export const UPLOAD_STEPS = ['Basic Info', 'File Uploads', 'Monetization & Collection'] as const;
export type UploadStep = 1 | 2 | 3;

/**
 * The upload payload's text fields (docs/product.md#uploads) for these form values. Free designs send price
 * 0; a blank collection price is sent as 0; without "create new collection" its fields are blank,
 * and with it no existing collection is sent.
 */
export function payloadFields(values: UploadFormValues, uploadId: number): Record<string, string> {
  const paid = values.pricing === 'paid';
  const newCollection = values.createNewCollection;
  const collectionPrice = values.newCollectionPrice.trim();
  return {
    designName: values.modelName.trim(),
    description: values.modelDescription.trim(),
    settings: values.settings.trim(),
    manufacturingInstructions: values.manufacturingInstructions.trim(),
    usages: values.usages.trim(),
    categories: JSON.stringify(values.category ? [values.category] : []),
    tags: values.tags,
    uploadId: String(uploadId),
    isPaid: String(paid),
    price: paid ? values.price.trim() : '0',
    subscription: String(newCollection && values.newCollectionSubscription),
    createNewCollection: String(newCollection),
    collectionId: newCollection ? '' : values.collectionId,
    newCollectionName: newCollection ? values.newCollectionName.trim() : '',
    newCollectionPrice: newCollection && collectionPrice !== '' ? collectionPrice : '0',
    newCollectionSubscription: String(newCollection && values.newCollectionSubscription),
  };
}

/**
 * The first thing that stops this upload, as the alert shows it, or null when it may be sent.
 * The server's own schema decides, so the order is that of docs/product.md#validation: name, description,
 * STL files, the price of a paid design, the new collection's price.
 */
export function firstUploadProblem(values: UploadFormValues, stlCount: number): string | null {
  const result = uploadFieldsSchema.safeParse({ ...payloadFields(values, 0), stlCount });
  if (result.success) return null;
  return result.error.issues[0]?.message ?? UPLOAD_MSG.nameRequired;
}

/**
 * The multipart body of POST /api/designs/upload: the text fields first (the server checks them
 * before it reads any file), then every STL file, then the photos, each as a `files` entry.
 */
export function buildUploadFormData(
  values: UploadFormValues,
  stlFiles: readonly File[],
  photos: readonly File[],
  uploadId: number,
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(payloadFields(values, uploadId))) body.append(name, value);
  for (const file of [...stlFiles, ...photos]) body.append('files', file, file.name);
  return body;
}
