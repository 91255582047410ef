import type { CollectionSummary, CollectionViewerAccess, DesignDetail } from '@printmarket/shared/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/session/session.tsx';
import { CollectionAccess } from '@/pages/collection/CollectionAccess.tsx';
import { DesignSidePanel } from '@/pages/design/DesignSidePanel.tsx';

function render(node: ReactNode): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** The texts of the buttons and links in a piece of markup. */
function controls(html: string): string[] {
  return [...html.matchAll(/<(button|a)\b([^>]*)>(.*?)<\/\1>/g)].map(([, tag, attrs = '', inner = '']) => {
    const text = inner.replace(/<[^>]+>/g, '').trim();
    return `${tag}:${text}${/ disabled(?=[ >]|$)/.test(attrs) ? ' (disabled)' : ''}`;
  });
}

const design = (change: Partial<DesignDetail> = {}): DesignDetail => ({
  _id: 'd1',
  id: 'd1',
  slug: 'gear',
  name: 'Gear',
  description: '',
  category: null,
  tags: [],
  settings: '',
  manufacturingInstructions: '',
  usages: '',
  isPaid: true,
  price: 4.99,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  views: 0,
  likesCount: 0,
  hasLiked: false,
  downloads: 0,
  user: { _id: 'u1', username: 'maker', profilePicture: null },
  collectionId: null,
  collection: null,
  files: [],
  canDownload: false,
  canViewModel: false,
  canEdit: false,
  canPurchase: false,
  takedown: null,
  ...change,
});

describe('design page purchase button', () => {
  const panel = (d: DesignDetail, signedIn: boolean) =>
    controls(render(<DesignSidePanel design={d} signedIn={signedIn} />));

  it("offers 'Buy Model for $price' to visitors and to buyers the server allows", () => {
    expect(panel(design(), false)).toEqual(['button:Buy Model for $4.99']);
    expect(panel(design({ canPurchase: true }), true)).toEqual(['button:Buy Model for $4.99']);
  });

  it("shows a disabled 'Paid Design' when the design cannot be bought, and the download when owned", () => {
    expect(panel(design(), true)).toEqual(['button:Paid Design (disabled)']);
    expect(panel(design({ canDownload: true }), true)).toEqual(['button:Download All Files']);
  });

  it('in a collection: the collection link, plus the purchase button when the design is sold on its own', () => {
    const grouped = { collectionId: 'c1', collection: { _id: 'c1', id: 'c1', name: 'Desk Set' } };
    expect(panel(design(grouped), true)).toEqual(['a:View Collection', 'a:Desk Set']);
    expect(panel(design({ ...grouped, canPurchase: true }), true)).toEqual([
      'a:View Collection',
      'button:Buy Model for $4.99',
      'a:Desk Set',
    ]);
  });
});

const collection = (
  pricing: Partial<CollectionSummary['pricing']>,
  access?: Partial<CollectionViewerAccess>,
) =>
  ({
    _id: 'c1',
    id: 'c1',
    name: 'Desk Set',
    description: '',
    visibility: 'public',
    coverImageUrl: null,
    user: { _id: 'u1', username: 'maker' },
    designs: [],
    allowIndividualPurchase: false,
    archived: false,
    pricing: { free: false, subscription: false, oneTimePurchase: 0, subscriptionPrice: 0, ...pricing },
    createdAt: '2025-01-01T00:00:00.000Z',
    access: access && {
      canDownload: false,
      canPurchase: false,
      canSubscribe: false,
      purchased: false,
      subscription: null,
      ...access,
    },
  }) satisfies CollectionSummary;

describe('collection page offer', () => {
  const offer = (c: CollectionSummary, signedIn: boolean) =>
    render(<CollectionAccess collection={c} signedIn={signedIn} isOwner={false} />);

  it("offers 'Purchase Collection for $price' for a one-time collection, and no longer says purchases are closed", () => {
    const html = offer(collection({ oneTimePurchase: 7 }, { canPurchase: true }), true);
    expect(controls(html)).toEqual(['button:Purchase Collection for $7.00']);
    expect(html).toContain('$7.00 <span');
    expect(html).not.toContain('Purchases are not open yet');
    expect(controls(offer(collection({ oneTimePurchase: 7 }, {}), false))).toEqual([
      'button:Purchase Collection for $7.00',
    ]);
  });

  it("offers 'Subscribe' (the plan chooser) for a subscription collection", () => {
    const html = offer(
      collection({ subscription: true, subscriptionPrice: 4 }, { canSubscribe: true }),
      true,
    );
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Subscribe<\/button>/);
  });

  it('says why when the creator cannot be paid', () => {
    const html = offer(collection({ oneTimePurchase: 7 }, {}), true);
    expect(controls(html)).toEqual([]);
    expect(html).toContain('This creator is not taking payments yet.');
  });

  it("shows the download with the viewer's subscription and plan; Resume instead of Subscribe once canceled", () => {
    const held = {
      id: 's1',
      status: 'active' as const,
      endDate: '2026-05-09T12:00:00.000Z',
      planId: 'p1',
      planName: 'Maker Plan',
      planType: 'yearly' as const,
    };
    const active = offer(collection({ subscription: true }, { canDownload: true, subscription: held }), true);
    expect(controls(active)).toEqual(['button:Download Collection (disabled)', 'button:View plans']);
    expect(active).toContain('Subscribed to Maker Plan (yearly) — renews May 9, 2026');
    const canceled = offer(
      collection(
        { subscription: true },
        { canDownload: true, canSubscribe: false, subscription: { ...held, status: 'canceled' } },
      ),
      true,
    );
    expect(canceled).toContain('Maker Plan (yearly), canceled — Access until May 9, 2026');
    expect(controls(canceled)).toEqual([
      'button:Download Collection (disabled)',
      'button:Resume the subscription to Desk Set',
      'button:View plans',
    ]);
    expect(controls(canceled)).not.toContain('button:Subscribe');
  });
});
