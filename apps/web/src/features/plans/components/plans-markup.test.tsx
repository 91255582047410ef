import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { planKeys } from '@/features/plans/api/keys.ts';
import { MyPlansSection } from './MyPlansSection.tsx';
import { PlanChoiceList, PlanChoices } from './PlanChooserDialog.tsx';
import { PlanCollectionsField } from './PlanCollectionsField.tsx';
import { type OwnCollectionsQuery, PlanForm } from './PlanForm.tsx';
import { PlanGrid } from './PlanGrid.tsx';

const plan = (id: string, changes: Partial<SubscriptionPlan> = {}): SubscriptionPlan => ({
  _id: id,
  id,
  name: `Plan ${id}`,
  collections: [{ _id: 'c1', name: 'Dungeon Tiles', coverImageUrl: '/uploads/covers/c1.webp' }],
  monthlyPrice: 4.99,
  annualPrice: 49,
  unlimitedDownloads: false,
  downloadsPerMonth: 10,
  seller: { _id: 'u1', username: 'maker' },
  ...changes,
});

/** A client that never fetches: what the cache holds is what the screen shows. */
function client(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

/** Puts a failed answer for `queryKey` in the cache. */
function failed(queryClient: QueryClient, queryKey: readonly unknown[], error: Error): QueryClient {
  const query = queryClient.getQueryCache().build(queryClient, { queryKey: [...queryKey] });
  query.setState({ ...query.state, status: 'error', error, fetchStatus: 'idle' });
  return queryClient;
}

function render(node: ReactNode, queryClient = client()): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const noCollections: OwnCollectionsQuery = {
  data: [],
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => {},
};

describe('plan grid', () => {
  it('shows each plan’s prices, downloads and collections with their covers', () => {
    const html = render(
      <PlanGrid plans={[plan('a'), plan('b', { unlimitedDownloads: true, downloadsPerMonth: null })]} />,
    );
    expect(html).toContain('Plan a');
    expect(html).toContain('$4.99 / month');
    expect(html).toContain('$49.00 / year');
    expect(html).toContain('10 downloads per month');
    expect(html).toContain('Unlimited downloads');
    expect(html).toMatch(/<img[^>]*src="[^"]*\/uploads\/covers\/c1\.webp"/);
    expect(html).toContain('href="/collection/c1"');
    expect(html).not.toContain('Delete');
  });

  it('gives the owner Edit and Delete on every card', () => {
    const html = render(<PlanGrid plans={[plan('a')]} owner={{ onEdit: () => {}, onProblem: () => {} }} />);
    expect(html).toMatch(/<button[^>]*>Edit<span class="visually-hidden"> Plan a<\/span><\/button>/);
    expect(html).toMatch(/<button[^>]*>Delete<span class="visually-hidden"> Plan a<\/span><\/button>/);
  });
});

describe("the seller's plans section", () => {
  function section(queryClient: QueryClient, notice: string | null = null): string {
    return render(<MyPlansSection collections={noCollections} notice={notice} />, queryClient);
  }

  it("counts the plans and offers 'Create Subscription Plan' below the limit", () => {
    const queryClient = client();
    queryClient.setQueryData(planKeys.mine, [plan('a'), plan('b')]);
    const html = section(queryClient);
    expect(html).toContain('2/4 plans used');
    expect(html).toMatch(/<button[^>]*aria-haspopup="dialog"[^>]*>Create Subscription Plan<\/button>/);
    expect(html).not.toMatch(/<button[^>]* disabled(?=[ >])[^>]*>Create Subscription Plan/);
    expect(html).not.toContain('Plan limit reached (4)');
    expect(html).toContain('Plan a');
  });

  it("disables creating at four plans and says 'Plan limit reached (4)'", () => {
    const queryClient = client();
    queryClient.setQueryData(
      planKeys.mine,
      ['a', 'b', 'c', 'd'].map((id) => plan(id)),
    );
    const html = section(queryClient);
    expect(html).toContain('4/4 plans used');
    expect(html).toMatch(/<button[^>]* disabled(?=[ >])[^>]*>Create Subscription Plan<\/button>/);
    expect(html).toContain('Plan limit reached (4)');
  });

  it('shows an empty state without plans, and the note that buyers cannot subscribe yet', () => {
    const queryClient = client();
    queryClient.setQueryData(planKeys.mine, []);
    const html = section(queryClient, 'Buyers cannot subscribe to your plans until you connect with Stripe.');
    expect(html).toContain('0/4 plans used');
    expect(html).toContain('You have no subscription plans yet.');
    expect(html).toContain('Buyers cannot subscribe to your plans until you connect with Stripe.');
  });

  it("says 'Could not load subscription plans' when they fail, with a retry", () => {
    const html = section(failed(client(), planKeys.mine, new Error('Unexpected response format')));
    expect(html).toContain('role="alert"');
    expect(html).toContain('Could not load subscription plans');
    expect(html).toContain('Unexpected response format');
    expect(html).toContain('Try again');
    expect(html).not.toContain('plans used');
  });
});

describe('plan form', () => {
  const collections: OwnCollectionsQuery = {
    ...noCollections,
    data: [
      { id: 'c1', name: 'Dungeon Tiles', coverImageUrl: null, visibility: 'public' },
      { id: 'c2', name: 'Spare Parts', coverImageUrl: null, visibility: 'private' },
    ],
  };

  it("opens empty for a new plan, with 'Downloads per month' shown while not unlimited", () => {
    const html = render(
      <PlanForm plan={null} collections={collections} onSaved={() => {}} onCancel={() => {}} />,
    );
    expect(html).toContain('Plan name');
    expect(html).toMatch(/<input[^>]*type="number"[^>]*min="0.01"[^>]*step="0.01"/);
    expect(html).toContain('Monthly price (USD)');
    expect(html).toContain('Annual price (USD)');
    expect(html).toContain('Unlimited downloads');
    expect(html).toContain('Downloads per month');
    expect(html).toContain('Dungeon Tiles');
    expect(html).toContain('Spare Parts<span');
    expect(html).toContain('0 collections chosen.');
    expect(html).toContain('>Create Plan</button>');
  });

  it('opens an existing plan (its values: see PlanForm.dom.test.tsx), and hides the download limit when it is unlimited', () => {
    const html = render(
      <PlanForm
        plan={plan('a', { unlimitedDownloads: true, downloadsPerMonth: null })}
        collections={collections}
        onSaved={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(html).not.toContain('Downloads per month');
    expect(html).toContain('1 collection chosen.');
    expect(html).toContain('>Save Changes</button>');
  });

  it("says 'Failed to load collections' when the seller's collections fail", () => {
    const html = render(
      <PlanCollectionsField
        state={{ status: 'error', retrying: false, onRetry: () => {} }}
        selected={[]}
        onToggle={() => {}}
        invalid={false}
      />,
    );
    expect(html).toContain('Failed to load collections');
    expect(html).toContain('Try again');
  });
});

describe('plan chooser', () => {
  it("offers 'Monthly – $x' and 'Yearly – $y' and a Subscribe button per plan", () => {
    const html = render(<PlanChoiceList plans={[plan('a'), plan('b')]} onChoose={() => {}} busy={false} />);
    expect(html.match(/Monthly – \$4\.99/g)).toHaveLength(2);
    expect(html.match(/Yearly – \$49\.00/g)).toHaveLength(2);
    expect(html.match(/type="radio"/g)).toHaveLength(4);
    expect(html).toMatch(/<button type="submit"[^>]*>Subscribe<span class="visually-hidden"> to Plan a/);
    expect(html).toContain('Includes: Dungeon Tiles');
  });

  it('marks the plan the viewer holds and sells none a second time', () => {
    const held = {
      id: 's1',
      status: 'canceled' as const,
      endDate: '2099-01-01T00:00:00.000Z',
      planId: 'b',
      planName: 'Plan b',
      planType: 'yearly' as const,
    };
    const html = render(
      <PlanChoiceList plans={[plan('a'), plan('b')]} onChoose={() => {}} busy={false} held={held} />,
    );
    expect(html).toContain('Plan b<span');
    expect(html.match(/Your plan \(yearly\)/g)).toHaveLength(1);
    expect(html).toContain('Your Plan b subscription is canceled but still runs: resume it');
    expect(html).not.toContain('>Subscribe<');
    expect(html.match(/<fieldset[^>]* disabled(?=[ >])/g)).toHaveLength(2);
    const renewing = render(
      <PlanChoiceList
        plans={[plan('b')]}
        onChoose={() => {}}
        busy={false}
        held={{ ...held, status: 'active' }}
      />,
    );
    expect(renewing).toContain('Your Plan b subscription already covers this collection.');
  });

  it('waits while the checkout starts', () => {
    const html = render(<PlanChoiceList plans={[plan('a')]} onChoose={() => {}} busy />);
    expect(html).toMatch(/<button type="submit"[^>]* disabled(?=[ >])/);
  });

  it('shows an empty state when no plan covers the collection', () => {
    const html = render(<PlanChoiceList plans={[]} onChoose={() => {}} busy={false} />);
    expect(html).toContain('No subscription plans include this collection yet.');
    expect(html).not.toContain('Subscribe');
  });

  it("says 'Could not load subscription plans' when the plans fail", () => {
    const queryClient = failed(client(), planKeys.forCollection('c1'), new Error('boom'));
    const html = render(<PlanChoices collectionId="c1" onChoose={() => {}} busy={false} />, queryClient);
    expect(html).toContain('Could not load subscription plans');
  });

  it('loads the plans of the collection it was opened for', () => {
    const queryClient = client();
    queryClient.setQueryData(planKeys.forCollection('c1'), [plan('a')]);
    const html = render(<PlanChoices collectionId="c1" onChoose={() => {}} busy={false} />, queryClient);
    expect(html).toContain('Plan a');
  });
});
