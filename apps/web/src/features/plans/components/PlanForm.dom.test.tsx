import type { SubscriptionPlan } from '@printmarket/shared/payments';
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/render.tsx';
import { type OwnCollectionsQuery, PlanForm } from './PlanForm.tsx';

const collections: OwnCollectionsQuery = {
  data: [
    { id: 'c1', name: 'Dungeon Tiles', coverImageUrl: null, visibility: 'public' },
    { id: 'c2', name: 'Spare Parts', coverImageUrl: null, visibility: 'private' },
  ],
  isPending: false,
  isError: false,
  isFetching: false,
  refetch: () => {},
};

const saved: SubscriptionPlan = {
  _id: 'p1',
  id: 'p1',
  name: 'Terrain',
  collections: [{ _id: 'c2', name: 'Spare Parts', coverImageUrl: null }],
  monthlyPrice: 4.99,
  annualPrice: 49.99,
  unlimitedDownloads: false,
  downloadsPerMonth: 10,
  seller: { _id: 'u1', username: 'maker' },
};

function renderForm(plan: SubscriptionPlan | null = null) {
  const onSaved = vi.fn();
  const view = renderScreen(
    <PlanForm plan={plan} collections={collections} onSaved={onSaved} onCancel={() => {}} />,
  );
  return { ...view, onSaved };
}

describe('plan form', () => {
  it("refuses an empty plan with the product's joined message, marks the fields and focuses the name", async () => {
    const calls = stubApi(() => undefined);
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Give your plan a name. Add at least one collection. Enter a valid monthly price. ' +
        'Enter a valid annual price. Specify the download limit.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Plan name'));
    expect(screen.getByLabelText('Plan name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Downloads per month').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('puts the cursor on the first collection when the name is the only thing right', async () => {
    stubApi(() => undefined);
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Plan name'), 'Terrain');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Add at least one collection\./);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Dungeon Tiles/ }));
  });

  it('sends the plan in dollars and whole downloads, then reports it saved', async () => {
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === '/api/subscription-plans' ? { status: 201, json: saved } : undefined,
    );
    const { user, onSaved } = renderForm();
    await user.type(screen.getByLabelText('Plan name'), '  Terrain ');
    await user.click(screen.getByRole('checkbox', { name: /Spare Parts/ }));
    expect(screen.getByText('1 collection chosen.')).toBeTruthy();
    await user.type(screen.getByLabelText('Monthly price (USD)'), '4.99');
    await user.type(screen.getByLabelText('Annual price (USD)'), '49.99');
    await user.type(screen.getByLabelText('Downloads per month'), '10');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]?.[0]).toEqual(saved);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      name: 'Terrain',
      collections: ['c2'],
      monthlyPrice: 4.99,
      annualPrice: 49.99,
      unlimitedDownloads: false,
      downloadsPerMonth: 10,
    });
  });

  it('opens an existing plan with its values', () => {
    stubApi(() => undefined);
    renderForm(saved);
    expect(screen.getByLabelText('Plan name')).toHaveProperty('value', 'Terrain');
    expect(screen.getByLabelText('Monthly price (USD)')).toHaveProperty('value', '4.99');
    expect(screen.getByLabelText('Annual price (USD)')).toHaveProperty('value', '49.99');
    expect(screen.getByRole('checkbox', { name: /Spare Parts/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Dungeon Tiles/ })).toHaveProperty('checked', false);
  });

  it("keeps a typed limit while 'Unlimited downloads' hides it, and sends none while unlimited", async () => {
    const calls = stubApi(({ method }) => (method === 'PUT' ? { json: saved } : undefined));
    const { user, onSaved } = renderForm(saved);
    await user.click(screen.getByRole('checkbox', { name: /Unlimited downloads/ }));
    expect(screen.queryByLabelText('Downloads per month')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Unlimited downloads/ }));
    expect(screen.getByLabelText('Downloads per month')).toHaveProperty('value', '10');
    await user.click(screen.getByRole('checkbox', { name: /Unlimited downloads/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.path).toBe('/api/subscription-plans/p1');
    expect(JSON.parse(String(calls[0]?.body))).toMatchObject({
      unlimitedDownloads: true,
      downloadsPerMonth: null,
    });
  });

  it("shows the server's refusal and keeps everything typed", async () => {
    stubApi(() => ({ status: 409, json: { message: 'Plan limit reached (4)', code: 'PLAN_LIMIT' } }));
    const { user, onSaved } = renderForm(saved);
    await user.clear(screen.getByLabelText('Plan name'));
    await user.type(screen.getByLabelText('Plan name'), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Plan limit reached (4)');
    expect(screen.getByLabelText('Plan name')).toHaveProperty('value', 'Renamed');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', false);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
