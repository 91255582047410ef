import { COLLECTION_MSG } from '@printmarket/shared/collection-messages';
import type { CollectionSummary } from '@printmarket/shared/types';
import { describe, expect, it } from 'vitest';
import {
  buildCreateCollectionFormData,
  type CollectionFormValues,
  choosePricing,
  collectionPayload,
  createCollectionProblems,
  EMPTY_COLLECTION_FORM,
  editCollectionProblems,
  formValuesFromCollection,
} from './collection-form.ts';

const named: CollectionFormValues = { ...EMPTY_COLLECTION_FORM, name: '  Desk Set ', description: ' Tidy. ' };
const chosen = { cover: true, designCount: 2 };
const messages = (problems: { message: string }[]) => problems.map((p) => p.message);

describe('pricing rules (docs/product.md#collections)', () => {
  it('Free clears the price and individual purchases, and sends price 0', () => {
    const paid = { ...named, pricingType: 'oneTime' as const, price: '12.5', allowIndividualPurchase: true };
    const free = choosePricing(paid, 'free');
    expect(free).toMatchObject({ pricingType: 'free', price: '', allowIndividualPurchase: false });
    expect(collectionPayload(free)).toMatchObject({ price: '0', allowIndividualPurchase: false });
    // Paid again starts from an empty price, not the one Free threw away.
    expect(choosePricing(free, 'oneTime')).toMatchObject({ pricingType: 'oneTime', price: '' });
  });

  it('keeps the typed price and toggle when moving between one-time and subscription', () => {
    const oneTime = { ...named, pricingType: 'oneTime' as const, price: '9', allowIndividualPurchase: true };
    expect(choosePricing(oneTime, 'subscription')).toMatchObject({
      pricingType: 'subscription',
      price: '9',
      allowIndividualPurchase: true,
    });
  });

  it('never sends individual purchases for a free collection, even if the flag was left on', () => {
    const odd = { ...named, pricingType: 'free' as const, price: '5', allowIndividualPurchase: true };
    expect(collectionPayload(odd)).toEqual({
      name: 'Desk Set',
      description: 'Tidy.',
      visibility: 'public',
      pricingType: 'free',
      price: '0',
      allowIndividualPurchase: false,
    });
  });
});

describe('createCollectionProblems', () => {
  it("lists every problem in the product's order: name, cover, designs, price", () => {
    const empty = { ...EMPTY_COLLECTION_FORM, pricingType: 'oneTime' as const };
    expect(messages(createCollectionProblems(empty, { cover: false, designCount: 0 }))).toEqual([
      COLLECTION_MSG.nameRequired,
      COLLECTION_MSG.coverRequired,
      COLLECTION_MSG.designsRequired,
      COLLECTION_MSG.oneTimePrice,
    ]);
    const subscription = { ...named, pricingType: 'subscription' as const, price: '0' };
    expect(createCollectionProblems(subscription, { cover: true, designCount: 0 })).toEqual([
      { field: 'designs', message: COLLECTION_MSG.designsRequired },
      { field: 'price', message: COLLECTION_MSG.subscriptionPrice },
    ]);
  });

  it('treats a blank name as missing and accepts a complete form', () => {
    expect(createCollectionProblems({ ...named, name: '  \n' }, chosen)).toEqual([
      { field: 'name', message: COLLECTION_MSG.nameRequired },
    ]);
    expect(createCollectionProblems(named, chosen)).toEqual([]);
  });

  it('asks a paid collection for a price above zero and ignores the price of a free one', () => {
    for (const price of ['', '0', '-2', 'abc', '0.001']) {
      expect(messages(createCollectionProblems({ ...named, pricingType: 'oneTime', price }, chosen))).toEqual(
        [COLLECTION_MSG.oneTimePrice],
      );
      expect(createCollectionProblems({ ...named, pricingType: 'free', price }, chosen)).toEqual([]);
    }
    expect(
      createCollectionProblems({ ...named, pricingType: 'subscription', price: '0.01' }, chosen),
    ).toEqual([]);
  });
});

describe('editCollectionProblems', () => {
  it('checks the name, then the price', () => {
    const values = { ...EMPTY_COLLECTION_FORM, pricingType: 'subscription' as const, price: '' };
    expect(messages(editCollectionProblems(values))).toEqual([
      COLLECTION_MSG.nameRequired,
      COLLECTION_MSG.subscriptionPrice,
    ]);
    expect(editCollectionProblems({ ...values, name: 'Kit', price: '3' })).toEqual([]);
  });
});

describe('formValuesFromCollection', () => {
  const base: CollectionSummary = {
    _id: 'c1',
    id: 'c1',
    name: 'Lamps',
    description: 'Every lamp.',
    visibility: 'private',
    coverImageUrl: null,
    user: { _id: 'u1', username: 'maker' },
    designs: [],
    allowIndividualPurchase: true,
    archived: false,
    pricing: { free: false, subscription: false, oneTimePurchase: 12.5, subscriptionPrice: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
  };

  it('opens a one-time collection with its price in dollars and cents', () => {
    expect(formValuesFromCollection(base)).toEqual({
      name: 'Lamps',
      description: 'Every lamp.',
      visibility: 'private',
      pricingType: 'oneTime',
      price: '12.50',
      allowIndividualPurchase: true,
    });
  });

  it('opens a subscription with its monthly price, and a free one without price or toggle', () => {
    const subscription = {
      ...base,
      pricing: { free: false, subscription: true, oneTimePurchase: 0, subscriptionPrice: 4 },
    };
    expect(formValuesFromCollection(subscription)).toMatchObject({
      pricingType: 'subscription',
      price: '4.00',
    });
    const free = {
      ...base,
      pricing: { free: true, subscription: false, oneTimePurchase: 0, subscriptionPrice: 0 },
    };
    expect(formValuesFromCollection(free)).toMatchObject({
      pricingType: 'free',
      price: '',
      allowIndividualPurchase: false,
    });
  });
});

describe('buildCreateCollectionFormData', () => {
  it('sends the fields, each design as designIds, and the cover last', () => {
    const cover = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    const body = buildCreateCollectionFormData(
      { ...named, pricingType: 'subscription', price: ' 4.5 ', allowIndividualPurchase: true },
      cover,
      ['d1', 'd2'],
    );
    const entries = [...body.entries()];
    expect(entries.map(([name]) => name)).toEqual([
      'name',
      'description',
      'visibility',
      'pricingType',
      'price',
      'allowIndividualPurchase',
      'designIds',
      'designIds',
      'coverImage',
    ]);
    expect(body.get('name')).toBe('Desk Set');
    expect(body.get('price')).toBe('4.5');
    expect(body.get('allowIndividualPurchase')).toBe('true');
    expect(body.getAll('designIds')).toEqual(['d1', 'd2']);
    expect((body.get('coverImage') as File).name).toBe('cover.png');
  });
});
