import { describe, expect, it } from 'vitest';
import {
  annualPriceText,
  canCreatePlan,
  deletePlanConfirmText,
  downloadsText,
  monthlyPriceText,
  planCounterText,
  planTypeChoiceText,
} from './plan-labels.ts';

describe('plan counter', () => {
  it("reads 'n/4 plans used' (docs/product.md#seller-dashboard)", () => {
    expect(planCounterText(0)).toBe('0/4 plans used');
    expect(planCounterText(2)).toBe('2/4 plans used');
    expect(planCounterText(4)).toBe('4/4 plans used');
  });

  it('allows a new plan only below the limit of four', () => {
    expect(canCreatePlan(3)).toBe(true);
    expect(canCreatePlan(4)).toBe(false);
    expect(canCreatePlan(5)).toBe(false);
  });
});

describe('plan card texts', () => {
  it('shows both prices in dollars with their period', () => {
    expect(monthlyPriceText({ monthlyPrice: 4.99 })).toBe('$4.99 / month');
    expect(monthlyPriceText({ monthlyPrice: 5 })).toBe('$5.00 / month');
    expect(annualPriceText({ annualPrice: 1249.5 })).toBe('$1,249.50 / year');
  });

  it("says 'Unlimited downloads' or the monthly allowance", () => {
    expect(downloadsText({ unlimitedDownloads: true, downloadsPerMonth: null })).toBe('Unlimited downloads');
    expect(downloadsText({ unlimitedDownloads: false, downloadsPerMonth: 10 })).toBe(
      '10 downloads per month',
    );
    expect(downloadsText({ unlimitedDownloads: false, downloadsPerMonth: 1 })).toBe('1 download per month');
  });

  it('asks before deleting, naming the plan and what subscribers keep', () => {
    const text = deletePlanConfirmText({ name: 'Terrain Club' });
    expect(text).toContain('"Terrain Club"');
    expect(text).toContain('keep their subscriptions');
  });
});

describe('plan chooser options', () => {
  it("offers 'Monthly – $x' and 'Yearly – $y'", () => {
    const plan = { monthlyPrice: 4.99, annualPrice: 49 };
    expect(planTypeChoiceText(plan, 'monthly')).toBe('Monthly – $4.99');
    expect(planTypeChoiceText(plan, 'yearly')).toBe('Yearly – $49.00');
  });
});
