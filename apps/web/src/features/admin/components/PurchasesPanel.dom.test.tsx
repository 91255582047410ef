import type { AdminPurchase } from '@printmarket/shared/admin';
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { posts, pressAndSettle } from '@/test/settle.ts';
import { PurchasesPanel } from './PurchasesPanel.tsx';
import { REASON_REQUIRED } from './ReasonForm.tsx';

const paid: AdminPurchase = {
  id: 'a1b2c3d4e5f6',
  orderNumber: 'a1b2c3d4e',
  createdAt: '2026-03-01T12:00:00.000Z',
  kind: 'design',
  itemName: 'Gear vase',
  priceCents: 499,
  currency: 'usd',
  buyer: { id: 'u2', username: 'buyer1' },
  seller: { id: 'u1', username: 'GearheadGus' },
  refund: null,
  dispute: null,
};
const refunded: AdminPurchase = {
  ...paid,
  id: 'f9e8d7c6b5a4',
  orderNumber: 'f9e8d7c6b',
  kind: 'collection',
  itemName: 'Desk set',
  priceCents: 1250,
  refund: { at: '2026-03-03T12:00:00.000Z', reason: 'Files were empty.' },
};
const disputed: AdminPurchase = {
  ...paid,
  id: '0123456789ab',
  orderNumber: '012345678',
  dispute: { at: '2026-03-02T12:00:00.000Z', status: 'open' },
};

const searches = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/api/admin/purchases').map((call) => call.search);

function render() {
  const view = renderScreen(<PurchasesPanel onUnauthorized={() => {}} />, { path: '/admin' });
  const search = async (text: string) => {
    const box = screen.getByRole('searchbox', { name: 'Search purchases' });
    await view.user.clear(box);
    await view.user.type(box, text);
    await act(() => view.user.click(screen.getByRole('button', { name: 'Search' })));
  };
  return { ...view, search };
}

const card = (orderNumber: string) => {
  const found = screen.getAllByRole('listitem').find((item) => item.textContent?.includes(orderNumber));
  if (!found) throw new Error(`no card for ${orderNumber}`);
  return found;
};

describe('Operator console > Purchases', () => {
  it('shows each purchase found: order, date, item, price, buyer, seller and state', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/admin/purchases' ? { json: { purchases: [paid, refunded, disputed] } } : undefined,
    );
    const { search } = render();
    await search('buyer1');
    await screen.findByText('a1b2c3d4e');
    expect(searches(calls)).toEqual(['?q=buyer1']);
    const first = card('a1b2c3d4e');
    expect(first.textContent).toContain('Mar 1, 2026');
    expect(first.textContent).toContain('Gear vase (Design)');
    expect(within(first).getByText('$4.99')).toBeTruthy();
    expect(within(first).getByText('buyer1')).toBeTruthy();
    expect(within(first).getByText('GearheadGus')).toBeTruthy();
    expect(within(first).getByText('Paid')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Refund' })).toBeTruthy();
    // Refunded: when and why, and no button.
    const second = card('f9e8d7c6b');
    expect(within(second).getByText('Refunded')).toBeTruthy();
    expect(within(second).getByText('$12.50')).toBeTruthy();
    expect(within(second).getByText('Files were empty.')).toBeTruthy();
    expect(within(second).getByText('Mar 3, 2026')).toBeTruthy();
    expect(within(second).queryByRole('button')).toBeNull();
    const third = card('012345678');
    expect(within(third).getByText('Disputed')).toBeTruthy();
    expect(third.textContent).toContain('Open (Mar 2, 2026)');
  });

  it('says so when nothing matches', async () => {
    stubApi((call) => (call.path === '/api/admin/purchases' ? { json: { purchases: [] } } : undefined));
    const { search } = render();
    await search('nobody');
    expect(await screen.findByText('No purchases match.')).toBeTruthy();
  });

  it('refunds only with a reason and after the confirmation, then shows it refunded without a button', async () => {
    const done = {
      ...paid,
      refund: { at: '2026-03-06T12:00:00.000Z', reason: 'Buyer never got the files.' },
    };
    const calls = stubApi((call) => {
      if (call.path === '/api/admin/purchases') return { json: { purchases: [paid] } };
      if (call.path === '/api/admin/purchases/a1b2c3d4e5f6/refund') return { json: { purchase: done } };
      return undefined;
    });
    const { user, queryClient, search } = render();
    await search('a1b2');
    await screen.findByText('a1b2c3d4e');
    await act(() => user.click(screen.getByRole('button', { name: 'Refund' })));
    const dialog = screen.getByRole('dialog', { name: 'Refund the purchase' });
    expect(within(dialog).getByText('Order a1b2c3d4e: buyer1 gets $4.99 back for Gear vase.')).toBeTruthy();
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Refund' })));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Buyer never got the files.');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Refund' })));
    const question = within(dialog).getByText('Refund $4.99 to buyer1? This cannot be undone.');
    expect(document.activeElement).toBe(question);
    expect(posts(calls)).toEqual([]);
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Yes, refund' }),
      calls,
      queryClient,
    );
    expect(posts(calls)).toEqual([
      ['/api/admin/purchases/a1b2c3d4e5f6/refund', { reason: 'Buyer never got the files.' }],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Refunded order a1b2c3d4e.');
    const refundedCard = card('a1b2c3d4e');
    expect(within(refundedCard).getByText('Refunded')).toBeTruthy();
    expect(within(refundedCard).getByText('Buyer never got the files.')).toBeTruthy();
    expect(within(refundedCard).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('shows "already refunded" in the dialog and asks the search again', async () => {
    let refundedMeanwhile = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/admin/purchases') {
        return { json: { purchases: [refundedMeanwhile ? { ...paid, refund: refunded.refund } : paid] } };
      }
      if (call.method === 'POST') {
        refundedMeanwhile = true;
        return {
          status: 409,
          json: { message: 'This purchase was already refunded.', code: 'ALREADY_REFUNDED' },
        };
      }
      return undefined;
    });
    const { user, queryClient, search } = render();
    await search('a1b2');
    await screen.findByText('a1b2c3d4e');
    await act(() => user.click(screen.getByRole('button', { name: 'Refund' })));
    const dialog = screen.getByRole('dialog', { name: 'Refund the purchase' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate charge.');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Refund' })));
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Yes, refund' }),
      calls,
      queryClient,
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('This purchase was already refunded.');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Back' })));
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(await screen.findByText('Files were empty.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(searches(calls)).toEqual(['?q=a1b2', '?q=a1b2']);
  });
});
