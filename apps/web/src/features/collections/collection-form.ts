import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import { collectionFieldsSchema, type PricingType } from '@printmarket/shared/collections';
import type { CollectionSummary } from '@printmarket/shared/types';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * The owner's fields of a collection as the create form and the edit modal hold them (text as
 * typed, before any parsing). The server's `collectionFieldsSchema` decides what is valid.
 */
export type CollectionFormValues = {
  name: string;
  description: string;
  visibility: 'public' | 'private';
  pricingType: PricingType;
  /** US dollars as typed; the one-time or the monthly price, '' while the collection is free. */
  price: string;
  /** Whether the designs may also be bought one by one; only for a sold collection. */
  allowIndividualPurchase: boolean;
};

export const EMPTY_COLLECTION_FORM: CollectionFormValues = {
  name: '',
  description: '',
  visibility: 'public',
  pricingType: 'free',
  price: '',
  allowIndividualPurchase: false,
};

/**
 * The pricing rules of docs/product.md#collections: Free turns the subscription off and the price to 0 (the
 * typed price is cleared, and 0 is what gets sent) and drops individual purchases; a paid model
 * keeps what was typed, so switching between one-time and subscription loses nothing.
 */
export function choosePricing(values: CollectionFormValues, pricingType: PricingType): CollectionFormValues {
  if (pricingType === 'free') return { ...values, pricingType, price: '', allowIndividualPurchase: false };
  return { ...values, pricingType };
}

/** The form as it opens for an existing collection (the edit modal). */
export function formValuesFromCollection(collection: CollectionSummary): CollectionFormValues {
  const { pricing } = collection;
  const pricingType: PricingType = pricing.free ? 'free' : pricing.subscription ? 'subscription' : 'oneTime';
  const dollars = pricingType === 'subscription' ? pricing.subscriptionPrice : pricing.oneTimePurchase;
  return {
    name: collection.name,
    description: collection.description,
    visibility: collection.visibility,
    pricingType,
    price: pricingType === 'free' ? '' : dollars.toFixed(2),
    allowIndividualPurchase: pricingType !== 'free' && collection.allowIndividualPurchase,
  };
}

/** The fields as the API takes them (create's multipart text fields and the edit's JSON). */
export type CollectionPayload = {
  name: string;
  description: string;
  visibility: 'public' | 'private';
  pricingType: PricingType;
  price: string;
  allowIndividualPurchase: boolean;
};

export function collectionPayload(values: CollectionFormValues): CollectionPayload {
  const free = values.pricingType === 'free';
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    visibility: values.visibility,
    pricingType: values.pricingType,
    price: free ? '0' : values.price.trim(),
    allowIndividualPurchase: !free && values.allowIndividualPurchase,
  };
}

/** Which part of the form a problem is about, so the form can mark that control. */
export type CollectionFormField = 'name' | 'description' | 'cover' | 'designs' | 'price';
export type CollectionFormProblem = { field: CollectionFormField; message: string };

/**
 * Problems of the typed fields, by the server's own schema. The schema checks the price only once
 * the name passed, so the price is checked on its own as well: the person learns every problem at
 * once instead of one per attempt.
 */
function fieldProblems(values: CollectionFormValues): {
  text: CollectionFormProblem[];
  price: CollectionFormProblem | null;
} {
  const payload = collectionPayload(values);
  const whole = collectionFieldsSchema.safeParse(payload);
  const text: CollectionFormProblem[] = [];
  if (!whole.success) {
    for (const issue of whole.error.issues) {
      const field = issue.path[0];
      if (field === 'name' || field === 'description') text.push({ field, message: issue.message });
    }
  }
  const priceOnly = collectionFieldsSchema.safeParse({ ...payload, name: 'price check', description: '' });
  const priceIssue = priceOnly.success ? null : priceOnly.error.issues.find((i) => i.path[0] === 'price');
  return { text, price: priceIssue ? { field: 'price', message: priceIssue.message } : null };
}

/**
 * Every problem of the create form, in the order of docs/product.md#validation: name, cover, designs, then
 * the price the pricing model needs. Empty when the form may be sent.
 */
export function createCollectionProblems(
  values: CollectionFormValues,
  chosen: { cover: boolean; designCount: number },
): CollectionFormProblem[] {
  const { text, price } = fieldProblems(values);
  const problems = [...text];
  if (!chosen.cover) problems.push({ field: 'cover', message: COLLECTION_MSG.coverRequired });
  if (chosen.designCount === 0) problems.push({ field: 'designs', message: COLLECTION_MSG.designsRequired });
  if (price) problems.push(price);
  return problems;
}

/** Every problem of the edit modal, in the order of docs/product.md#validation: name, then price. */
export function editCollectionProblems(values: CollectionFormValues): CollectionFormProblem[] {
  const { text, price } = fieldProblems(values);
  return price ? [...text, price] : text;
}

/**
 * The multipart body of POST /api/collections/create: the text fields, every chosen design as a
 * `designIds` entry, then the cover (files last, so the server has read the fields first).
 */
export function buildCreateCollectionFormData(
  values: CollectionFormValues,
  cover: File,
  designIds: readonly string[],
): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(collectionPayload(values))) body.append(name, String(value));
  for (const id of designIds) body.append('designIds', id);
  body.append('coverImage', cover, cover.name);
  return body;
}

/** The first message for each field, for showing next to its control. */
export function problemsByField(
  problems: readonly CollectionFormProblem[],
): Partial<Record<CollectionFormField, string>> {
  const byField: Partial<Record<CollectionFormField, string>> = {};
  for (const problem of problems) byField[problem.field] ??= problem.message;
  return byField;
}

/** The create form's values: the fields, the chosen cover, and the ticked designs in ticking order. */
export type CreateCollectionValues = CollectionFormValues & { cover: File | null; selected: string[] };

export const EMPTY_CREATE_COLLECTION: CreateCollectionValues = {
  ...EMPTY_COLLECTION_FORM,
  cover: null,
  selected: [],
};

/** What a valid create form sends: the fields, the cover, and the ticked designs that may be added. */
export type CreateCollectionRequest = { values: CollectionFormValues; cover: File; designIds: string[] };

/** Which ticked designs can go into a new collection (those not already in another one). */
export type CreateCollectionContext = { pickable(selected: readonly string[]): string[] };

function resolverErrors<T extends FieldValues>(problems: readonly CollectionFormProblem[]): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, message] of Object.entries(problemsByField(problems))) {
    errors[field] = { type: 'validate', message };
  }
  return errors as FieldErrors<T>;
}

const NONE = {} as Record<string, never>;

/** The create form's resolver: every problem, by the server's schema, in the form's order. */
export const createCollectionResolver: Resolver<
  CreateCollectionValues,
  CreateCollectionContext,
  CreateCollectionRequest
> = (form, context) => {
  const { cover, selected, ...values } = form;
  const designIds = context?.pickable(selected) ?? [];
  const problems = createCollectionProblems(values, { cover: cover !== null, designCount: designIds.length });
  if (problems.length > 0 || !cover)
    return { values: NONE, errors: resolverErrors<CreateCollectionValues>(problems) };
  return { values: { values, cover, designIds }, errors: NONE };
};

/** The edit modal's resolver: the name, then the price, by the server's schema. */
export const editCollectionResolver: Resolver<CollectionFormValues, unknown, CollectionPayload> = (
  values,
) => {
  const problems = editCollectionProblems(values);
  if (problems.length > 0) return { values: NONE, errors: resolverErrors<CollectionFormValues>(problems) };
  return { values: collectionPayload(values), errors: NONE };
};

const FIELD_ORDER: readonly CollectionFormField[] = ['name', 'description', 'cover', 'designs', 'price'];

/** The form's current messages by field (some are about things beside the values: cover, designs). */
export function shownProblems(errors: FieldErrors): Partial<Record<CollectionFormField, string>> {
  const byField = errors as Partial<Record<CollectionFormField, { message?: string }>>;
  const shown: Partial<Record<CollectionFormField, string>> = {};
  for (const field of FIELD_ORDER) {
    const message = byField[field]?.message;
    if (message) shown[field] = message;
  }
  return shown;
}

/** The first field with a problem, in the order the form shows them. */
export function firstProblemField(errors: FieldErrors): CollectionFormField | null {
  return FIELD_ORDER.find((field) => shownProblems(errors)[field]) ?? null;
}
