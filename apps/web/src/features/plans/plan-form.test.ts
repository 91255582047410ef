import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { describe, expect, it } from 'vitest';
import {
  checkPlanForm,
  collectionChoices,
  EMPTY_PLAN_FORM,
  fieldsInMessage,
  formValuesFromPlan,
  type PlanFormValues,
  toggleCollection,
} from './plan-form.ts';

const filled: PlanFormValues = {
  name: '  Terrain Club ',
  collections: ['c1', 'c2'],
  monthlyPrice: '4.99',
  annualPrice: '49.9',
  unlimitedDownloads: false,
  downloadsPerMonth: '10',
};

const plan: SubscriptionPlan = {
  _id: 'p1',
  id: 'p1',
  name: 'Terrain Club',
  collections: [
    { _id: 'c1', name: 'Dungeon Tiles', coverImageUrl: '/uploads/c1.webp' },
    { _id: 'c9', name: 'Old Set', coverImageUrl: null },
  ],
  monthlyPrice: 4.5,
  annualPrice: 45,
  unlimitedDownloads: true,
  downloadsPerMonth: null,
  seller: { _id: 'u1', username: 'maker' },
};

describe('plan form -> request body', () => {
  it('reports every problem of an empty form at once, as the product’s messages joined with spaces', () => {
    const result = checkPlanForm(EMPTY_PLAN_FORM);
    expect(result).toEqual({
      ok: false,
      message:
        'Give your plan a name. Add at least one collection. Enter a valid monthly price. ' +
        'Enter a valid annual price. Specify the download limit.',
    });
  });

  it('needs prices greater than 0 and a whole download limit above 0', () => {
    const result = checkPlanForm({
      ...filled,
      monthlyPrice: '0',
      annualPrice: '-1',
      downloadsPerMonth: '2.5',
    });
    expect(result).toEqual({
      ok: false,
      message: 'Enter a valid monthly price. Enter a valid annual price. Specify the download limit.',
    });
  });

  it('builds the API body: trimmed name, collection ids, dollar prices and the download limit', () => {
    expect(checkPlanForm(filled)).toEqual({
      ok: true,
      body: {
        name: 'Terrain Club',
        collections: ['c1', 'c2'],
        monthlyPrice: 4.99,
        annualPrice: 49.9,
        unlimitedDownloads: false,
        downloadsPerMonth: 10,
      },
    });
  });

  it('sends no download limit for unlimited downloads, whatever is still typed in the hidden field', () => {
    const result = checkPlanForm({ ...filled, unlimitedDownloads: true, downloadsPerMonth: 'oops' });
    expect(result.ok && result.body).toMatchObject({ unlimitedDownloads: true, downloadsPerMonth: null });
  });

  it('takes prices of whole cents only, as the server does', () => {
    const result = checkPlanForm({ ...filled, monthlyPrice: '4.5' });
    expect(result.ok && result.body.monthlyPrice).toBe(4.5);
    for (const price of ['4.999', '1e3', '0x10', '+5', 'Infinity']) {
      expect(checkPlanForm({ ...filled, monthlyPrice: price })).toEqual({
        ok: false,
        message: 'Enter a valid monthly price.',
      });
    }
  });

  it('opens an existing plan with its values, which check out unchanged', () => {
    const values = formValuesFromPlan(plan);
    expect(values).toEqual({
      name: 'Terrain Club',
      collections: ['c1', 'c9'],
      monthlyPrice: '4.50',
      annualPrice: '45.00',
      unlimitedDownloads: true,
      downloadsPerMonth: '',
    });
    expect(checkPlanForm(values)).toMatchObject({ ok: true, body: { monthlyPrice: 4.5, annualPrice: 45 } });
  });
});

describe('plan form helpers', () => {
  it('names the fields a joined message is about, in form order', () => {
    expect(fieldsInMessage('Add at least one collection. Give your plan a name.')).toEqual([
      'name',
      'collections',
    ]);
    expect(fieldsInMessage('Plan limit reached (4)')).toEqual([]);
  });

  it('ticks collections on and off', () => {
    const once = toggleCollection(EMPTY_PLAN_FORM, 'c1');
    expect(once.collections).toEqual(['c1']);
    expect(toggleCollection(once, 'c1').collections).toEqual([]);
  });

  it("lists the seller's collections, then the plan's ones the list lacks", () => {
    const own = [{ id: 'c1', name: 'Dungeon Tiles', coverImageUrl: null, visibility: 'private' as const }];
    expect(collectionChoices(own, plan.collections)).toEqual([
      { id: 'c1', name: 'Dungeon Tiles', coverImageUrl: null, private: true },
      { id: 'c9', name: 'Old Set', coverImageUrl: null, private: false },
    ]);
  });
});
