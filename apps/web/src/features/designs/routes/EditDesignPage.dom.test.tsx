import type { DesignDetail } from '@printmarket/shared/types';
import { screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { EditDesignForm } from './EditDesignPage.tsx';

const file = (id: string, name: string, type: 'stl' | 'image') =>
  ({ _id: id, id, name, type, url: `/uploads/${name}`, sizeBytes: 2048 }) as DesignDetail['files'][number];

const design = {
  _id: 'd1',
  id: 'd1',
  slug: 'vase',
  name: 'Vase',
  description: 'A tall vase',
  isPaid: false,
  price: 0,
  user: { _id: 'u1', username: 'maker', profilePicture: null },
  collectionId: null,
  collection: null,
  files: [file('f1', 'vase.stl', 'stl'), file('f2', 'photo.png', 'image')],
} as unknown as DesignDetail;

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((message) => void alerts.push(String(message)));
});

function api(
  answer: (call: ApiCall) => { status?: number; json?: unknown } | undefined = () => ({ json: design }),
) {
  return stubApi((call) => {
    if (call.path === '/api/collections/my-collections') return { json: [] };
    return answer(call);
  });
}
const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

function renderForm() {
  return renderScreen(<EditDesignForm design={design} />, { path: '/edit-design/d1' });
}

describe('edit design form', () => {
  it("shows the product's messages on Save, sends nothing, and lets each go when it is fixed", async () => {
    const calls = api();
    const { user } = renderForm();
    await user.clear(screen.getByRole('textbox', { name: /Name/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Paid' }));
    await user.click(screen.getByRole('checkbox', { name: /Remove\s*vase\.stl/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Model name is required.')).toBeTruthy();
    expect(screen.getByText('Invalid price.')).toBeTruthy();
    expect(screen.getByText('No STL files provided.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Vase 2');
    expect(screen.queryByText('Model name is required.')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Remove\s*vase\.stl/ }));
    expect(screen.queryByText('No STL files provided.')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('saves the fields, then the file changes, and goes back to the design', async () => {
    const calls = api(({ method }) => (method === 'GET' ? undefined : { json: design }));
    const { user, router } = renderForm();
    await user.clear(screen.getByRole('textbox', { name: /Name/ }));
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Tall vase');
    await user.click(screen.getByRole('checkbox', { name: 'Paid' }));
    await user.type(screen.getByLabelText(/Price \(USD\)/), '2.50');
    await user.click(screen.getByRole('checkbox', { name: /Remove\s*photo\.png/ }));
    const stl = new File(['solid'], 'base.stl', { type: 'model/stl' });
    await user.upload(screen.getByLabelText('Add model files'), stl);
    expect(screen.getByRole('list', { name: 'New files' }).textContent).toContain('base.stl');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/design/maker/vase'));
    expect(alerts).toEqual(['Design updated successfully!']);
    const [fields, files] = writes(calls);
    expect(fields?.method).toBe('PUT');
    expect(fields?.path).toBe('/api/edit/d1');
    expect(JSON.parse(String(fields?.body))).toMatchObject({ name: 'Tall vase', isPaid: true, price: 2.5 });
    expect(files?.method).toBe('PATCH');
    const upload = files?.body as FormData;
    expect(upload.getAll('filesToRemove')).toEqual(['f2']);
    expect((upload.get('newFiles') as File).name).toBe('base.stl');
  });

  it('says why a save failed, alerts it, and lets the person try again', async () => {
    api(({ method }) =>
      method === 'PUT' ? { status: 500, json: { message: 'Database is down' } } : undefined,
    );
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error saving changes: Database is down');
    expect(alerts).toEqual(['Error saving changes: Database is down']);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', false);
  });
});
