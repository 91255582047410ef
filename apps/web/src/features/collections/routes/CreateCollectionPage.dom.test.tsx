import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { testCard } from '@/test/design-card.ts';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { CreateCollectionForm } from './CreateCollectionPage.tsx';

const design = (id: string, name: string) => testCard(id, { name, createdAt: '2026-01-01T00:00:00.000Z' });

function api(create: (call: ApiCall) => { status?: number; json?: unknown } = () => ({})) {
  return stubApi((call) => {
    if (call.path === '/api/designs/my-designs')
      return { json: [design('d1', 'Vase'), design('d2', 'Hook')] };
    if (call.path === '/api/collections/my-collections') return { json: [] };
    if (call.path === '/api/collections/create') return create(call);
    return undefined;
  });
}

const sent = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

function renderForm() {
  return renderScreen(<CreateCollectionForm userId="u1" />, { path: '/create-collection' });
}

describe('create collection form', () => {
  it("lists every problem in the product's words on the first attempt and puts the cursor on the name", async () => {
    const calls = api();
    const { user } = renderForm();
    await screen.findByRole('checkbox', { name: /Vase/ });
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));
    expect(screen.getByText('Collection name is required.')).toBeTruthy();
    expect(screen.getByText('A cover image is required.')).toBeTruthy();
    expect(screen.getByText('Please select at least one design for this collection.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Name/ }));
    expect(sent(calls)).toEqual([]);
  });

  it('lets each message go as soon as its problem is fixed, and asks for the price of a sold one', async () => {
    api();
    const { user } = renderForm();
    await screen.findByRole('checkbox', { name: /Vase/ });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Kitchen');
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));
    expect(screen.queryByText('Collection name is required.')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a cover' }));
    await user.click(screen.getByRole('checkbox', { name: /Vase/ }));
    expect(screen.queryByText('Please select at least one design for this collection.')).toBeNull();
    await user.click(screen.getByRole('radio', { name: /One-time/ }));
    expect(screen.getByText('Please enter a valid one-time price.')).toBeTruthy();
    await user.type(screen.getByLabelText('One-time price (USD)', { exact: false }), '9.99');
    expect(screen.queryByText('Please enter a valid one-time price.')).toBeNull();
    await user.clear(screen.getByRole('textbox', { name: /Name/ }));
    expect(screen.getByText('Collection name is required.')).toBeTruthy();
  });

  it('sends the fields, the ticked designs and the cover, then opens the new collection', async () => {
    const calls = api(() => ({ status: 201, json: { _id: 'c9', id: 'c9', message: 'Collection created' } }));
    const { user, router } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), ' Kitchen ');
    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'Pots and pans');
    const cover = new File(['png'], 'cover.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Cover image', { selector: 'input' }), cover);
    await user.click(await screen.findByRole('checkbox', { name: /Hook/ }));
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/collection/c9'));
    expect(router.state.location.state).toEqual({ notice: 'Collection created' });
    const body = sent(calls)[0]?.body as FormData;
    expect(body.get('name')).toBe('Kitchen');
    expect(body.get('description')).toBe('Pots and pans');
    expect(body.get('pricingType')).toBe('free');
    expect(body.get('price')).toBe('0');
    expect(body.getAll('designIds')).toEqual(['d2']);
    expect((body.get('coverImage') as File).name).toBe('cover.png');
  });

  it("shows the server's refusal above the form and keeps everything chosen", async () => {
    api(() => ({ status: 409, json: { message: 'Already in another collection' } }));
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Kitchen');
    await user.upload(
      screen.getByLabelText('Cover image', { selector: 'input' }),
      new File(['png'], 'cover.png', { type: 'image/png' }),
    );
    await user.click(await screen.findByRole('checkbox', { name: /Vase/ }));
    await user.click(screen.getByRole('button', { name: 'Create Collection' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Already in another collection');
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveProperty('value', 'Kitchen');
    expect(screen.getByRole('checkbox', { name: /Vase/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Create Collection' })).toHaveProperty('disabled', false);
  });
});
