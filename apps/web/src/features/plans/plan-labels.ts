import { MAX_SUBSCRIPTION_PLANS } from '@printmarket/shared/constants';
import { formatInteger } from '@printmarket/shared/en-format';
import { formatDollars } from '@printmarket/shared/money';
import type { PlanType, SubscriptionPlan } from '@printmarket/shared/payments';

/** '$4.99 / month' on a plan's card. */
export function monthlyPriceText(plan: Pick<SubscriptionPlan, 'monthlyPrice'>): string {
  return `${formatDollars(plan.monthlyPrice)} / month`;
}

/** '$49.00 / year' on a plan's card. */
export function annualPriceText(plan: Pick<SubscriptionPlan, 'annualPrice'>): string {
  return `${formatDollars(plan.annualPrice)} / year`;
}

/** 'Unlimited downloads', or 'N downloads per month'. */
export function downloadsText(
  plan: Pick<SubscriptionPlan, 'unlimitedDownloads' | 'downloadsPerMonth'>,
): string {
  if (plan.unlimitedDownloads || plan.downloadsPerMonth === null) return 'Unlimited downloads';
  const n = plan.downloadsPerMonth;
  return `${formatInteger(n)} ${n === 1 ? 'download' : 'downloads'} per month`;
}

/** The chooser's options: 'Monthly – $4.99', 'Yearly – $49.00'. */
export function planTypeChoiceText(
  plan: Pick<SubscriptionPlan, 'monthlyPrice' | 'annualPrice'>,
  type: PlanType,
): string {
  return type === 'monthly'
    ? `Monthly – ${formatDollars(plan.monthlyPrice)}`
    : `Yearly – ${formatDollars(plan.annualPrice)}`;
}

/** The seller dashboard's counter (docs/product.md#seller-dashboard): '2/4 plans used'. */
export function planCounterText(used: number): string {
  return `${used}/${MAX_SUBSCRIPTION_PLANS} plans used`;
}

/** Whether another plan may be made: a seller has at most four (docs/product.md#limits-and-constants). */
export function canCreatePlan(used: number): boolean {
  return used < MAX_SUBSCRIPTION_PLANS;
}

/** Asked before a plan is deleted: what happens to the people who subscribed to it. */
export function deletePlanConfirmText(plan: Pick<SubscriptionPlan, 'name'>): string {
  return `Delete the plan "${plan.name}"? People who subscribed to it keep their subscriptions.`;
}
