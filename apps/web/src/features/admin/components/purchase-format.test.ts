import type { AdminPurchase } from '@printmarket/shared/admin';
import { describe, expect, it } from 'vitest';
import { formatPrice, purchaseState } from './purchase-format.ts';

const purchase: AdminPurchase = {
  id: 'p1',
  orderNumber: 'p1',
  createdAt: '2026-03-01T12:00:00.000Z',
  kind: 'design',
  itemName: 'Gear vase',
  priceCents: 123456,
  currency: 'usd',
  buyer: { id: 'u2', username: 'buyer' },
  seller: { id: 'u1', username: 'seller' },
  refund: null,
  dispute: null,
};

describe('purchase labels of the operator console', () => {
  it('writes dollars as the rest of the app does, other currencies with their code', () => {
    expect(formatPrice(purchase)).toBe('$1,234.56');
    expect(formatPrice({ priceCents: 499, currency: 'USD' })).toBe('$4.99');
    expect(formatPrice({ priceCents: 1250, currency: 'eur' })).toBe('12.50 EUR');
  });

  it('says refunded before any dispute, then the dispute, else paid', () => {
    const dispute = { at: '2026-03-02T12:00:00.000Z', status: 'lost' as const };
    const refund = { at: '2026-03-03T12:00:00.000Z', reason: 'Lost the dispute.' };
    expect(purchaseState(purchase)).toBe('Paid');
    expect(purchaseState({ ...purchase, dispute: { ...dispute, status: 'open' } })).toBe('Disputed');
    expect(purchaseState({ ...purchase, dispute })).toBe('Dispute lost');
    expect(purchaseState({ ...purchase, dispute, refund })).toBe('Refunded');
  });
});
