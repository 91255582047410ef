import type { PurchasesResponse, SubscriptionSummary } from '@printmarket/shared/payments';
import type { PublicConfig } from '@printmarket/shared/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { purchaseKeys } from '@/features/purchases/api/keys.ts';
import { ApiError } from '@/lib/api-client.ts';
import { rootKeys } from '@/lib/query-keys.ts';
import { CancelNotice } from './CancelNotice.tsx';
import { ConfirmCancel } from './CancelSubscriptionFlow.tsx';
import { PurchasedItemView } from './PurchasedItemView.tsx';
import { PurchaseHistory } from './PurchaseHistory.tsx';
import { CollectionPurchasesTable, DesignPurchasesTable, SubscriptionsTable } from './PurchaseTables.tsx';

function render(node: ReactNode, client = new QueryClient()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const subscription = (change: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  _id: 'sub-0001-aaaa',
  collectionId: 'c1',
  collectionName: 'Desk Set',
  planName: 'Maker Club',
  startDate: '2026-01-09T12:00:00.000Z',
  endDate: '2026-05-09T12:00:00.000Z',
  active: true,
  status: 'active',
  planType: 'monthly',
  price: 4,
  ...change,
});

const purchases: PurchasesResponse = {
  designPurchases: [
    {
      _id: '0195f3c2-7a4e-7c1d',
      purchaseDate: '2026-02-03T12:00:00.000Z',
      pricePaid: 4.99,
      designId: 'd1',
      name: 'Gear',
      path: '/design/maker/gear',
    },
  ],
  collectionPurchases: [
    {
      _id: '0195f3c9-0000-7000',
      purchaseDate: '2026-02-04T12:00:00.000Z',
      pricePaid: 7,
      designId: null,
      collectionId: 'c2',
      name: 'Older Set',
      path: null,
    },
  ],
  subscriptions: [
    subscription(),
    subscription({
      _id: 'sub-0002',
      collectionName: 'Lamps',
      active: false,
      status: 'canceled',
      planType: 'yearly',
    }),
    subscription({
      _id: 'sub-0003',
      collectionName: 'Planters',
      active: false,
      status: 'canceled',
      endDate: '2099-05-09T12:00:00.000Z',
    }),
  ],
  refunds: [
    {
      _id: 'r1',
      kind: 'design',
      name: 'Twice Bought Gear',
      amount: 4.99,
      reason: 'duplicate',
      refundDate: '2026-02-05T12:00:00.000Z',
    },
    {
      _id: 'p9',
      kind: 'design',
      name: 'Refunded Lamp',
      amount: 7,
      reason: 'refunded',
      refundDate: '2026-02-04T12:00:00.000Z',
    },
  ],
};

/** The <tr> of the table whose text contains `text`. */
const rowOf = (html: string, text: string) => html.split('<tr').find((row) => row.includes(text)) ?? '';

describe('my purchases tables', () => {
  it('list design purchases with the order number, date, price and a link to the design', () => {
    const html = render(<DesignPurchasesTable purchases={purchases.designPurchases} />);
    expect(html).toContain('>Design Purchases</h2>');
    const row = rowOf(html, 'Gear');
    expect(row).toContain('>0195f3c2-<');
    expect(row).toContain('Feb 3, 2026');
    expect(row).toContain('$4.99');
    expect(row).toContain('href="/design/maker/gear"');
  });

  it('link collection purchases to /collection/{id}', () => {
    const html = render(<CollectionPurchasesTable purchases={purchases.collectionPurchases} />);
    expect(html).toContain('>Collection Purchases</h2>');
    expect(rowOf(html, 'Older Set')).toContain('href="/collection/c2"');
    expect(rowOf(html, 'Older Set')).toContain('>0195f3c9-<');
  });

  it('show renewal or end per subscription, and Cancel only for one that renews', () => {
    const html = render(<SubscriptionsTable subscriptions={purchases.subscriptions} onCancel={() => {}} />);
    expect(html).toContain('>Active Subscriptions</h2>');
    const active = rowOf(html, 'Desk Set');
    expect(active).toContain('Maker Club');
    expect(active).toContain('Renews monthly');
    expect(active).toMatch(/<button[^>]*>Cancel<span class="visually-hidden"> the subscription to Desk Set/);
    const canceled = rowOf(html, 'Lamps');
    expect(canceled).toContain('Ends: May 9, 2026');
    expect(canceled).not.toContain('<button');
    // Canceled with time left: Resume, in the same button style as Cancel, and no Cancel.
    const running = rowOf(html, 'Planters');
    expect(running).toMatch(/<button[^>]*>Resume<span class="visually-hidden"> the subscription to Planters/);
    expect(running).not.toContain('>Cancel<');
    const classOf = (row: string) => row.match(/<button[^>]*class="([^"]*)"/)?.[1];
    expect(classOf(running)).toBe(classOf(active));
  });

  it('on phones show each purchase as a card with every field labelled and its buttons', () => {
    const designs = render(<DesignPurchasesTable purchases={purchases.designPurchases} cards />);
    expect(designs).not.toContain('<table');
    const card = designs.split('<li').find((item) => item.includes('Gear')) ?? '';
    expect(card).toMatch(/<dt>Order number<\/dt><dd[^>]*>0195f3c2-<\/dd>/);
    expect(card).toMatch(/<dt>Date<\/dt><dd[^>]*>Feb 3, 2026<\/dd>/);
    expect(card).toMatch(/<dt>Price<\/dt><dd[^>]*>\$4.99<\/dd>/);
    expect(card).toMatch(/<dt>Design<\/dt><dd[^>]*><a href="\/design\/maker\/gear"/);

    const subscriptions = render(
      <SubscriptionsTable subscriptions={purchases.subscriptions} onCancel={() => {}} cards />,
    );
    const active = subscriptions.split('<li').find((item) => item.includes('Desk Set')) ?? '';
    expect(active).toMatch(/<dt>Renewal<\/dt><dd[^>]*>Renews monthly<\/dd>/);
    expect(active).toMatch(/<dt>Price<\/dt><dd[^>]*>\$4.00 \/ month<\/dd>/);
    expect(active).toMatch(/<button[^>]*>Cancel<span class="visually-hidden"> the subscription to Desk Set/);
    const canceled = subscriptions.split('<li').find((item) => item.includes('Lamps')) ?? '';
    expect(canceled).toContain('Ends: May 9, 2026');
    expect(canceled).not.toContain('<button');
  });

  it('have empty states', () => {
    expect(render(<DesignPurchasesTable purchases={[]} />)).toContain('You have not bought any designs yet.');
    expect(render(<CollectionPurchasesTable purchases={[]} />)).toContain(
      'You have not bought any collections yet.',
    );
    const none = render(<SubscriptionsTable subscriptions={[]} onCancel={() => {}} />);
    expect(none).toContain('You have no subscriptions.');
    expect(none).not.toContain('<table');
  });
});

describe('cancel subscription', () => {
  it('confirms with the end-of-term explanation and the two choices', () => {
    const html = render(
      <ConfirmCancel subscription={subscription()} busy={false} onKeep={() => {}} onCancel={() => {}} />,
    );
    expect(html).toContain('at the end of the current paid term');
    expect(html).toContain('May 9, 2026');
    expect(html).toMatch(/>Keep Subscription<\/button>/);
    expect(html).toMatch(/>Cancel Subscription<\/button>/);
  });

  it('reports success as a status message and a failure as an alert', () => {
    const done = render(<CancelNotice outcome={{ result: 'canceled' }} />);
    expect(done).toMatch(
      /<div role="status"><p[^>]*>Subscription canceled successfully! You still have access until it expires.<\/p>/,
    );
    const failed = render(
      <CancelNotice
        outcome={{
          result: 'failed',
          error: new ApiError({ status: 409, code: 'X', serverMessage: 'Already canceled.' }),
        }}
      />,
    );
    expect(failed).toMatch(
      /role="alert"[^>]*>Failed to cancel subscription<span[^>]*>Already canceled.<\/span>/,
    );
    expect(render(<CancelNotice outcome={null} />)).not.toContain('Subscription canceled');
  });
});

describe('purchased item', () => {
  it('links the name and the pictures to the item', () => {
    const html = render(
      <PurchasedItemView
        item={{
          name: 'Desk Set',
          path: '/collection/c1',
          images: [{ key: 'd1', url: '/uploads/d1.webp', caption: 'Gear' }],
        }}
      />,
    );
    expect(html).toMatch(/<figcaption[^>]*><a href="\/collection\/c1"[^>]*>Desk Set<\/a>/);
    expect(html).toContain('src="/uploads/d1.webp"');
    expect(html).toContain('Gear');
  });
});

describe('purchase history', () => {
  const client = (mode: PublicConfig['paymentsMode']) => {
    const c = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    c.setQueryData(rootKeys.config, { paymentsMode: mode } as PublicConfig);
    c.setQueryData(purchaseKeys.mine, purchases);
    return c;
  };

  it("lists a refunded payment ('View Invoices' in sandbox mode) as refunded", () => {
    const html = render(<PurchaseHistory />, client('sandbox'));
    const line = html.split('<li').find((l) => l.includes('Twice Bought Gear')) ?? '';
    expect(line).toContain('Refunded (already yours)');
    expect(line).toContain('<s>$4.99</s>');
    const refunded = html.split('<li').find((l) => l.includes('Refunded Lamp')) ?? '';
    expect(refunded).toContain('Refunded · ');
    expect(refunded).not.toContain('already yours');
  });
});
