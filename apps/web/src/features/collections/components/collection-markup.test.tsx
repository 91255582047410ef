import type { CollectionSummary, DesignCard } from '@printmarket/shared/types';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { collectionKeys } from '@/features/collections/api/keys.ts';
import { EMPTY_COLLECTION_FORM } from '@/features/collections/collection-form.ts';
import { designMarks } from '@/features/collections/design-marks.ts';
import { personKeys } from '@/lib/query-keys.ts';
import { testCard } from '@/test/design-card.ts';
import { AddDesignsList } from './AddDesignsList.tsx';
import { DesignPicker } from './DesignPicker.tsx';
import { PricingFields } from './PricingFields.tsx';

const card = (id: string, name: string) => testCard(id, { name });

const collection = (id: string, designs: DesignCard[]): CollectionSummary => ({
  _id: id,
  id,
  name: id,
  description: '',
  visibility: 'public',
  coverImageUrl: null,
  user: { _id: 'u1', username: 'maker' },
  designs,
  allowIndividualPurchase: false,
  archived: false,
  pricing: { free: true, subscription: false, oneTimePurchase: 0, subscriptionPrice: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
});

const lamp = card('d-lamp', 'Desk Lamp');
const box = card('d-box', 'Cable Box');
const vase = card('d-vase', 'Spiral Vase');
const lamps = collection('lamps', [lamp]);
const boxes = collection('boxes', [box]);

function render(node: ReactNode, client: QueryClient): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A client whose cache already holds the creator's designs and collections. */
function filledClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(personKeys.myDesigns('u1'), [lamp, box, vase]);
  client.setQueryData(collectionKeys.mine, [lamps, boxes]);
  return client;
}

/** The <li> of the list whose text contains `name`. */
function rowOf(html: string, name: string): string {
  return html.split('<li').find((row) => row.includes(name)) ?? '';
}

describe('create form design picker', () => {
  function Picker() {
    const designs = useQuery({ queryKey: personKeys.myDesigns('u1'), queryFn: () => [] as DesignCard[] });
    return (
      <DesignPicker
        designs={designs}
        marksReady
        markOf={designMarks([lamps, boxes])}
        selected={new Set([vase.id, box.id])}
        onToggle={() => {}}
      />
    );
  }

  it('marks designs of other collections, which cannot be picked, and counts only pickable choices', () => {
    const html = render(<Picker />, filledClient());
    for (const name of ['Desk Lamp', 'Cable Box']) {
      const row = rowOf(html, name);
      expect(row).toContain('Already in another collection');
      expect(row).toMatch(/<input type="checkbox"[^>]* disabled(?=[ >])/);
      expect(row).not.toMatch(/ checked(?=[ >])/);
    }
    const vaseRow = rowOf(html, 'Spiral Vase');
    expect(vaseRow).not.toContain('Already in');
    expect(vaseRow).not.toMatch(/ disabled(?=[ >])/);
    expect(vaseRow).toMatch(/ checked(?=[ >])/);
    expect(html).toContain('1 design selected.');
  });
});

describe('Add Designs list', () => {
  it("marks this collection's designs 'Already Added' and others' 'Already in Another Collection'", () => {
    const html = render(<AddDesignsList collection={lamps} userId="u1" onDone={() => {}} />, filledClient());
    expect(rowOf(html, 'Desk Lamp')).toContain('Already Added');
    expect(rowOf(html, 'Desk Lamp')).not.toContain('<button');
    expect(rowOf(html, 'Cable Box')).toContain('Already in Another Collection');
    expect(rowOf(html, 'Cable Box')).not.toContain('<button');
    expect(rowOf(html, 'Spiral Vase')).toMatch(/<button[^>]*>Add<span class="visually-hidden"> Spiral Vase/);
    expect(html).toContain('Filter designs');
  });
});

describe('pricing fields', () => {
  it('hide the price and the individual-purchase toggle while free, and reveal them when paid', () => {
    const client = new QueryClient();
    const free = render(<PricingFields values={EMPTY_COLLECTION_FORM} onChange={() => {}} />, client);
    expect(free).not.toContain('price (USD)');
    expect(free).not.toContain('Allow individual purchase');
    const subscription = render(
      <PricingFields
        values={{ ...EMPTY_COLLECTION_FORM, pricingType: 'subscription' }}
        onChange={() => {}}
      />,
      client,
    );
    expect(subscription).toContain('Monthly price (USD)');
    expect(subscription).toContain('Allow individual purchase');
    const oneTime = render(
      <PricingFields values={{ ...EMPTY_COLLECTION_FORM, pricingType: 'oneTime' }} onChange={() => {}} />,
      client,
    );
    expect(oneTime).toContain('One-time price (USD)');
  });
});
