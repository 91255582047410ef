import { centsToDollars } from '@printmarket/shared/money';
import { PLAN_MSG, planInputSchema, type SubscriptionPlan } from '@printmarket/shared/payments';

/** The plan modal's fields as typed (text before any parsing). */
export type PlanFormValues = {
  name: string;
  /** The chosen collections' ids, in the order they were picked. */
  collections: string[];
  /** US dollars as typed. */
  monthlyPrice: string;
  annualPrice: string;
  unlimitedDownloads: boolean;
  /**
   * Kept while 'Unlimited downloads' is ticked (only hidden and not sent), so unticking it again
   * brings back what was typed.
   */
  downloadsPerMonth: string;
};

export const EMPTY_PLAN_FORM: PlanFormValues = {
  name: '',
  collections: [],
  monthlyPrice: '',
  annualPrice: '',
  unlimitedDownloads: false,
  downloadsPerMonth: '',
};

/** The body of POST and PUT /api/subscription-plans. */
export type PlanRequestBody = {
  name: string;
  collections: string[];
  monthlyPrice: number;
  annualPrice: number;
  unlimitedDownloads: boolean;
  downloadsPerMonth: number | null;
};

/** The form as it opens for an existing plan (Edit). */
export function formValuesFromPlan(plan: SubscriptionPlan): PlanFormValues {
  return {
    name: plan.name,
    collections: plan.collections.map((collection) => collection._id),
    monthlyPrice: plan.monthlyPrice.toFixed(2),
    annualPrice: plan.annualPrice.toFixed(2),
    unlimitedDownloads: plan.unlimitedDownloads,
    downloadsPerMonth: plan.downloadsPerMonth === null ? '' : String(plan.downloadsPerMonth),
  };
}

/** Ticks a collection on or off. */
export function toggleCollection(values: PlanFormValues, id: string): PlanFormValues {
  const collections = values.collections.includes(id)
    ? values.collections.filter((chosen) => chosen !== id)
    : [...values.collections, id];
  return { ...values, collections };
}

export type PlanFormCheck = { ok: true; body: PlanRequestBody } | { ok: false; message: string };

/**
 * Checks the form with the server's own schema (so both sides agree on every rule and message) and
 * builds the request body from its result: prices in whole cents, the download limit only when
 * not unlimited. A failure is the messages of docs/product.md#validation joined with spaces, e.g.
 * 'Give your plan a name. Add at least one collection.'.
 */
export function checkPlanForm(values: PlanFormValues): PlanFormCheck {
  const parsed = planInputSchema.safeParse({
    name: values.name,
    collections: values.collections,
    monthlyPrice: values.monthlyPrice.trim(),
    annualPrice: values.annualPrice.trim(),
    unlimitedDownloads: values.unlimitedDownloads,
    downloadsPerMonth: values.unlimitedDownloads ? null : values.downloadsPerMonth.trim(),
  });
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? PLAN_MSG.saveFailed };
  }
  const plan = parsed.data;
  return {
    ok: true,
    body: {
      name: plan.name,
      collections: plan.collectionIds,
      monthlyPrice: centsToDollars(plan.monthlyPriceCents),
      annualPrice: centsToDollars(plan.annualPriceCents),
      unlimitedDownloads: plan.unlimitedDownloads,
      downloadsPerMonth: plan.downloadsPerMonth,
    },
  };
}

export type PlanFormField = 'name' | 'collections' | 'monthlyPrice' | 'annualPrice' | 'downloadsPerMonth';

const FIELD_ORDER: readonly PlanFormField[] = [
  'name',
  'collections',
  'monthlyPrice',
  'annualPrice',
  'downloadsPerMonth',
];

/**
 * The fields a joined message is about, in the form's order, so the modal can mark those controls
 * and put the cursor in the first. Works for the server's 400 message too, which uses the same words.
 */
export function fieldsInMessage(message: string): PlanFormField[] {
  return FIELD_ORDER.filter((field) => message.includes(PLAN_MSG[field]));
}

/** A collection the modal offers to include. */
export type PlanCollectionChoice = {
  id: string;
  name: string;
  coverImageUrl: string | null;
  private: boolean;
};

export type OwnCollection = {
  id: string;
  name: string;
  coverImageUrl: string | null;
  visibility: 'public' | 'private';
  /** Archived collections are sold in no plan, so they are not offered. */
  archived?: boolean;
};

/**
 * The collections the modal lists: the seller's own, then any the plan already includes that the
 * list lacks (e.g. the list failed to refresh), so nothing the plan holds is sent without being shown.
 */
export function collectionChoices(
  own: readonly OwnCollection[],
  included: SubscriptionPlan['collections'] = [],
): PlanCollectionChoice[] {
  const choices: PlanCollectionChoice[] = own
    .filter((collection) => !collection.archived)
    .map((collection) => ({
      id: collection.id,
      name: collection.name,
      coverImageUrl: collection.coverImageUrl,
      private: collection.visibility === 'private',
    }));
  const listed = new Set(choices.map((choice) => choice.id));
  for (const collection of included) {
    if (listed.has(collection._id)) continue;
    choices.push({
      id: collection._id,
      name: collection.name,
      coverImageUrl: collection.coverImageUrl,
      private: false,
    });
  }
  return choices;
}
