import { z } from 'zod';
import { MAX_SUBSCRIPTION_PLANS } from './constants.ts';
import type { FeeSplit } from './money.ts';
import { priceCents } from './price.ts';

// Apart, so that screens that only show these texts do not load zod with the schemas.
export { PAYMENT_MSG } from './payment-messages.ts';

/**
 * Payments, plans and purchases as the API and the screens share them (docs/product.md#payments).
 * Amounts the API hands out are US dollars (4.99); the server keeps integer cents.
 */

export const PLAN_TYPES = ['monthly', 'yearly'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** The plan form's messages (docs/product.md#validation); several are joined with spaces. */
export const PLAN_MSG = {
  name: 'Give your plan a name.',
  collections: 'Add at least one collection.',
  monthlyPrice: 'Enter a valid monthly price.',
  annualPrice: 'Enter a valid annual price.',
  downloadsPerMonth: 'Specify the download limit.',
  limitReached: `Plan limit reached (${MAX_SUBSCRIPTION_PLANS})`,
  loadFailed: 'Could not load subscription plans',
  collectionsFailed: 'Failed to load collections',
  unexpected: 'Unexpected response format',
  saveFailed: 'Failed to save plan',
  notYourCollection: 'Plans may only include your own collections.',
} as const;

export const PLAN_NAME_MAX_LENGTH = 80;

const planPrice = z.unknown().transform(priceCents);

/**
 * The body of POST/PUT /api/subscription-plans: checked as a whole so every problem is reported at
 * once, in the order of docs/product.md#validation, as one message joined with spaces.
 */
export const planInputSchema = z
  .object({
    name: z.string().optional(),
    collections: z.array(z.string()).optional(),
    monthlyPrice: planPrice,
    annualPrice: planPrice,
    unlimitedDownloads: z.boolean().optional(),
    downloadsPerMonth: z.union([z.number(), z.string(), z.null()]).optional(),
  })
  .transform((v, ctx) => {
    const name = (v.name ?? '').trim().slice(0, PLAN_NAME_MAX_LENGTH);
    const collections = [...new Set(v.collections ?? [])];
    const unlimited = v.unlimitedDownloads ?? false;
    const perMonth =
      v.downloadsPerMonth === null || v.downloadsPerMonth === undefined || v.downloadsPerMonth === ''
        ? Number.NaN
        : Number(v.downloadsPerMonth);
    const problems: string[] = [];
    if (!name) problems.push(PLAN_MSG.name);
    if (collections.length === 0) problems.push(PLAN_MSG.collections);
    if (!(v.monthlyPrice !== null && v.monthlyPrice > 0)) problems.push(PLAN_MSG.monthlyPrice);
    if (!(v.annualPrice !== null && v.annualPrice > 0)) problems.push(PLAN_MSG.annualPrice);
    if (!unlimited && !(Number.isInteger(perMonth) && perMonth > 0))
      problems.push(PLAN_MSG.downloadsPerMonth);
    if (problems.length > 0) {
      ctx.addIssue({ code: 'custom', message: problems.join(' ') });
      return z.NEVER;
    }
    return {
      name,
      collectionIds: collections,
      monthlyPriceCents: v.monthlyPrice as number,
      annualPriceCents: v.annualPrice as number,
      unlimitedDownloads: unlimited,
      downloadsPerMonth: unlimited ? null : perMonth,
    };
  });
export type PlanInput = z.output<typeof planInputSchema>;

/** A subscription plan (docs/product.md#entities). */
export type SubscriptionPlan = {
  _id: string;
  id: string;
  name: string;
  collections: { _id: string; name: string; coverImageUrl: string | null }[];
  monthlyPrice: number;
  annualPrice: number;
  unlimitedDownloads: boolean;
  /** null when unlimited. */
  downloadsPerMonth: number | null;
  /** The seller's id and username, for the plan chooser. */
  seller: { _id: string; username: string };
};

/** GET /api/payments/payouts/seller-data. `totalEarnings` is the creator's share, in dollars. */
export type SellerData = {
  success: true;
  totalEarnings: number;
  stripeAccountId: string | null;
  /** Whether the connected account finished onboarding and may take payments. */
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  /** Sales and renewals counted in totalEarnings. */
  salesCount: number;
  /** Payments refunded because the buyer already held the item: not in totalEarnings. */
  refundsCount: number;
  /** What those refunds gave back to buyers, in dollars. */
  refundedTotal: number;
  mode: PaymentMode;
};

/** Which adapter takes payments: the real provider, or the local test-mode sandbox. */
export type PaymentMode = 'stripe' | 'sandbox';

/** POST /api/payments/stripe-connect/connect and /connect/onboard. */
export type ConnectResponse = { success: boolean; url?: string; message: string; accountId?: string };

/** The three create-*-session calls answer the provider's checkout page to go to. */
export type CheckoutResponse = { url: string; sessionId: string };

export const designCheckoutSchema = z.object({ designId: z.string().min(1, 'designId is required') });
export const collectionCheckoutSchema = z.object({
  collectionId: z.string().min(1, 'collectionId is required'),
});
export const subscriptionCheckoutSchema = z.object({
  collectionId: z.string().min(1, 'collectionId is required'),
  planId: z.string().min(1, 'planId is required'),
  planType: z.enum(PLAN_TYPES, 'planType is monthly or yearly'),
});
export const cancelSubscriptionSchema = z.object({
  subscriptionId: z.string().min(1, 'subscriptionId is required'),
});
/** POST /api/purchases/resume: the same body as cancelling. */
export const resumeSubscriptionSchema = cancelSubscriptionSchema;

/** GET /api/purchases/my (docs/product.md#my-purchases), with names and links for the tables. */
export type DesignPurchase = {
  _id: string;
  purchaseDate: string;
  pricePaid: number;
  designId: string | null;
  name: string;
  /** Where the design's page is, while the design exists. */
  path: string | null;
};
export type CollectionPurchase = DesignPurchase & { collectionId: string | null };
export type SubscriptionSummary = {
  _id: string;
  collectionId: string | null;
  /** The collection's name when the subscription was taken out. */
  collectionName: string;
  planName: string;
  startDate: string;
  endDate: string;
  /** True while it renews; false once canceled (access runs to endDate) or ended. */
  active: boolean;
  status: 'active' | 'canceled' | 'ended';
  planType: PlanType;
  price: number;
};
/**
 * A payment given back in full: `duplicate`, the buyer already held what it paid for (a second
 * checkout paid); `refunded`, a purchase the marketplace refunded (or the buyer's bank took back
 * in a dispute), which no longer gives access.
 */
export type RefundSummary = {
  _id: string;
  kind: 'design' | 'collection' | 'subscription';
  name: string;
  /** What was paid and given back, in US dollars. */
  amount: number;
  reason: 'duplicate' | 'refunded';
  refundDate: string;
};
export type PurchasesResponse = {
  designPurchases: DesignPurchase[];
  collectionPurchases: CollectionPurchase[];
  subscriptions: SubscriptionSummary[];
  refunds: RefundSummary[];
};

/** GET /api/purchases/my-collection-purchase?collectionId=: the designs the purchase covered. */
export type CollectionPurchaseSnapshot = { purchased: boolean; designIds: string[] };

/** POST /api/purchases/cancel and /resume answer the subscription as it now stands. */
export type CancelResponse = { subscription: SubscriptionSummary; message: string };
export type ResumeResponse = CancelResponse;

/** GET /api/payments/checkout/status?session_id=: what the success page shows, read-only. */
export type CheckoutStatus = {
  sessionId: string;
  status: 'open' | 'complete' | 'canceled';
  kind: 'design' | 'collection' | 'subscription';
  itemId: string | null;
  itemName: string;
  /** Paid for something the buyer already held: refunded in full instead of granted twice. */
  refunded: boolean;
};

/** The sandbox's hosted-checkout page (test mode only). */
export type SandboxCheckout = {
  sessionId: string;
  kind: 'design' | 'collection' | 'subscription';
  itemName: string;
  sellerUsername: string;
  planType: PlanType | null;
  split: FeeSplit;
  status: 'open' | 'complete' | 'canceled';
  successUrl: string;
  cancelUrl: string;
};
