import type { SellerData } from '@printmarket/shared/payments';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sellerDataQueryOptions } from '@/features/seller/api/get-seller-data.ts';
import { EarningsCard } from './EarningsCard.tsx';
import { SandboxConnectPanel } from './SandboxConnectPanel.tsx';
import { SellerOverview } from './SellerOverview.tsx';
import { StripeAccountCard } from './StripeAccountCard.tsx';
import { TestModeBadge } from './TestModeBadge.tsx';

const seller = (changes: Partial<SellerData> = {}): SellerData => ({
  success: true,
  totalEarnings: 1234.5,
  stripeAccountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  salesCount: 3,
  refundsCount: 0,
  refundedTotal: 0,
  mode: 'stripe',
  ...changes,
});

function client(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

function render(node: ReactNode, queryClient = client()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function Overview() {
  return <SellerOverview query={useQuery(sellerDataQueryOptions)} />;
}

describe('seller dashboard pieces', () => {
  it('shows Total Earnings in dollars with the number of sales', () => {
    const html = render(<EarningsCard data={seller()} />);
    expect(html).toContain('Total Earnings</h2>');
    expect(html).toContain('$1,234.50');
    expect(html).toContain('From 3 sales');
  });

  it('shows duplicate payments refunded apart from the earnings, only when there are some', () => {
    const html = render(<EarningsCard data={seller({ refundsCount: 2, refundedTotal: 9.98 })} />);
    expect(html).toContain('2 duplicate payments refunded ($9.98), not counted');
    expect(render(<EarningsCard data={seller()} />)).not.toContain('refunded');
  });

  it("offers 'Connect with Stripe' while there is no account", () => {
    const html = render(
      <StripeAccountCard data={seller()} onOpen={() => {}} pending={false} problem={null} />,
    );
    expect(html).toMatch(/<button[^>]*>Connect with Stripe<\/button>/);
    expect(html).toContain('Not connected');
    expect(html).not.toContain('Manage Stripe Account');
  });

  it("offers 'Manage Stripe Account' once charges are enabled, and shows a failure", () => {
    const html = render(
      <StripeAccountCard
        data={seller({ stripeAccountId: 'acct_1', chargesEnabled: true, payoutsEnabled: true })}
        onOpen={() => {}}
        pending={false}
        problem="Stripe is unavailable"
      />,
    );
    expect(html).toMatch(/<button[^>]*>Manage Stripe Account<\/button>/);
    expect(html).not.toContain('Connect with Stripe');
    expect(html).toMatch(/role="alert"[^>]*>Stripe is unavailable/);
  });

  it('waits while the browser leaves for the provider', () => {
    const html = render(<StripeAccountCard data={seller()} onOpen={() => {}} pending problem={null} />);
    expect(html).toMatch(/<button[^>]* disabled(?=[ >])[^>]*>Opening Stripe...<\/button>/);
  });

  it('explains test mode clearly', () => {
    const html = render(<TestModeBadge />);
    expect(html).toContain('Test mode');
    expect(html).toContain('Payments are simulated');
  });

  it('shows earnings and the account once the seller data is loaded', () => {
    const queryClient = client();
    queryClient.setQueryData(sellerDataQueryOptions.queryKey, seller());
    const html = render(<Overview />, queryClient);
    expect(html).toContain('$1,234.50');
    expect(html).toContain('Connect with Stripe');
  });

  it('shows a failure with a retry when the seller data cannot be loaded', () => {
    const queryClient = client();
    const query = queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: [...sellerDataQueryOptions.queryKey] });
    query.setState({ ...query.state, status: 'error', error: new Error('boom'), fetchStatus: 'idle' });
    const html = render(<Overview />, queryClient);
    expect(html).toContain('Error: Failed to load your earnings');
    expect(html).toContain('Try again');
    expect(html).not.toContain('Total Earnings');
  });
});

describe('sandbox onboarding page', () => {
  it('labels the page as test mode and shows the account with its two ways on', () => {
    const html = render(
      <SandboxConnectPanel
        account={{ accountId: 'sbx_acct_42', detailsSubmitted: false }}
        onComplete={() => {}}
        pending={false}
        problem={null}
      />,
    );
    expect(html).toContain('Test mode — no real account is created');
    expect(html).toContain('sbx_acct_42');
    expect(html).toMatch(/<button[^>]*>Complete onboarding<\/button>/);
    expect(html).toMatch(/<a[^>]*href="\/seller-dashboard"[^>]*>Back to Seller Dashboard<\/a>/);
  });
});
