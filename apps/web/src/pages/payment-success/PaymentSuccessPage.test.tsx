import type { CheckoutStatus } from '@printmarket/shared/payments';
import type { CollectionSummary, DesignDetail } from '@printmarket/shared/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { checkoutKeys } from '@/features/checkout/api/keys.ts';
import { collectionKeys } from '@/features/collections/api/keys.ts';
import { purchaseKeys } from '@/features/purchases/api/keys.ts';
import { SessionProvider } from '@/lib/session/session.tsx';
import { testCard, testImage } from '@/test/design-card.ts';
import PaymentSuccessPage from './PaymentSuccessPage.tsx';

function render(address: string, client: QueryClient): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={[address]}>
          <PaymentSuccessPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

const status = (change: Partial<CheckoutStatus>): CheckoutStatus => ({
  sessionId: 'cs_1',
  status: 'open',
  kind: 'design',
  itemId: 'd1',
  itemName: 'Gear',
  refunded: false,
  ...change,
});

const card = (id: string) => testCard(id, { files: [testImage(id, `/uploads/${id}.webp`)] });

describe('purchase success page', () => {
  it('asks for support when a detail of the address is missing', () => {
    const html = render('/payment-success?purchaseType=design&itemId=d1', newClient());
    expect(html).toContain('role="alert"');
    expect(html).toContain('Missing purchase details. Please contact support.');
    expect(html).not.toContain('Processing your purchase...');
  });

  it('says it is processing while the payment is not confirmed yet', () => {
    const client = newClient();
    client.setQueryData(checkoutKeys.status('cs_1'), status({ status: 'open' }));
    const html = render('/payment-success?purchaseType=design&itemId=d1&session_id=cs_1', client);
    expect(html).toMatch(/role="status".*Processing your purchase\.\.\./);
  });

  it('shows the bought design with its pictures once complete, and the way to all purchases', () => {
    const client = newClient();
    client.setQueryData(checkoutKeys.status('cs_1'), status({ status: 'complete' }));
    client.setQueryData(purchaseKeys.design('d1', null), {
      name: 'Gear',
      slug: 'gear',
      user: { _id: 'u1', username: 'maker', profilePicture: null },
      files: [{ _id: 'f1', id: 'f1', name: 'g.webp', type: 'image', url: '/uploads/g.webp', sizeBytes: 1 }],
    } as DesignDetail);
    const html = render('/payment-success?purchaseType=design&itemId=d1&session_id=cs_1', client);
    expect(html).toContain('Purchase complete! Here is your new item:');
    expect(html).toMatch(/<a href="\/design\/maker\/gear"[^>]*>Gear<\/a>/);
    expect(html).toContain('src="/uploads/g.webp"');
    expect(html).toMatch(/<a [^>]*href="\/MyPurchases"[^>]*>See Your Purchases<\/a>/);
    expect(html).not.toContain('Processing your purchase...');
  });

  it('says the payment was refunded when the buyer already had the item', () => {
    const client = newClient();
    client.setQueryData(checkoutKeys.status('cs_1'), status({ status: 'complete', refunded: true }));
    const html = render('/payment-success?purchaseType=design&itemId=d1&session_id=cs_1', client);
    expect(html).toContain('You already had this item, so this payment was refunded in full.');
    expect(html).not.toContain('Purchase complete!');
  });

  it('previews up to 4 designs of a subscribed collection', () => {
    const client = newClient();
    client.setQueryData(checkoutKeys.status('cs_2'), status({ sessionId: 'cs_2', status: 'complete' }));
    client.setQueryData(collectionKeys.detail('c1', null), {
      id: 'c1',
      name: 'Desk Set',
      designs: ['a', 'b', 'c', 'd', 'e'].map(card),
    } as CollectionSummary);
    const html = render('/payment-success?purchaseType=subscription&itemId=c1&session_id=cs_2', client);
    expect(html).toMatch(/<a href="\/collection\/c1"[^>]*>Desk Set<\/a>/);
    expect(html.match(/<img /g)).toHaveLength(4);
    expect(html).not.toContain('/uploads/e.webp');
  });

  it('points to My Purchases when the checkout was canceled', () => {
    const client = newClient();
    client.setQueryData(checkoutKeys.status('cs_1'), status({ status: 'canceled' }));
    const html = render('/payment-success?purchaseType=collection&itemId=c1&session_id=cs_1', client);
    expect(html).toMatch(/<a href="\/MyPurchases"[^>]*>My Purchases<\/a> once the payment is confirmed/);
    expect(html).not.toContain('Purchase complete!');
  });
});
