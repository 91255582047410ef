import type { PurchasesResponse } from '@printmarket/shared/payments';
import type { PublicConfig } from '@printmarket/shared/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { purchaseKeys } from '@/features/purchases/api/keys.ts';
import { BillingPanel } from './BillingPanel.tsx';

const noPurchases: PurchasesResponse = {
  designPurchases: [],
  collectionPurchases: [],
  subscriptions: [],
  refunds: [],
};

function render(mode: PublicConfig['paymentsMode']): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['config'], { paymentsMode: mode } as PublicConfig);
  client.setQueryData(purchaseKeys.mine, noPurchases);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BillingPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map(
    ([, attrs = '', text]) => `${text}${/ disabled(?=[ >]|$)/.test(attrs) ? ' (disabled)' : ''}`,
  );

describe('Settings > Billing', () => {
  it('keeps every button disabled, saying why, when payments are off', () => {
    const html = render('off');
    expect(html).toContain('Payments are not set up yet');
    expect(buttons(html)).toEqual([
      'Manage Payment Methods (disabled)',
      'View Invoices (disabled)',
      'Manage Subscriptions (disabled)',
    ]);
  });

  it('enables them with payments on, sandbox or provider', () => {
    for (const mode of ['sandbox', 'stripe'] as const) {
      const html = render(mode);
      expect(html).not.toContain('Payments are not set up yet');
      expect(buttons(html)).toEqual(['Manage Payment Methods', 'View Invoices', 'Manage Subscriptions']);
    }
  });
});
