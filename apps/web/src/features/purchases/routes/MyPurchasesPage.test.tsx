import type { PurchasesResponse } from '@printmarket/shared/payments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MyPurchasesView } from './MyPurchasesPage.tsx';

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('my purchases page', () => {
  it("is headed 'My Purchased Files' with the three tables", () => {
    const empty: PurchasesResponse = {
      designPurchases: [],
      collectionPurchases: [],
      subscriptions: [],
      refunds: [],
    };
    const html = renderToStaticMarkup(
      <QueryClientProvider client={newClient()}>
        <MemoryRouter>
          <MyPurchasesView purchases={empty} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('<h1');
    expect(html).toContain('My Purchased Files</h1>');
    expect([...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Design Purchases',
      'Collection Purchases',
      'Active Subscriptions',
    ]);
  });
});
