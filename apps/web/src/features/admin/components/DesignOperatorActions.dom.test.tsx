import type { AdminDesign } from '@printmarket/shared/admin';
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { rootKeys } from '@/lib/query-keys.ts';
import { renderScreen, stubApi } from '@/test/render.tsx';
import { posts, pressAndSettle } from '@/test/settle.ts';
import { DesignOperatorActions } from './DesignOperatorActions.tsx';
import { REASON_REQUIRED } from './ReasonForm.tsx';

const design: AdminDesign = {
  id: 'd1',
  name: 'Gear vase',
  path: '/design/maker/gear-vase',
  ownerUsername: 'maker',
  takedown: null,
};
const takenDown: AdminDesign = {
  ...design,
  takedown: { at: '2026-03-04T12:00:00.000Z', reason: 'Copy.', reply: null },
};

/** A design page's cached answer: under the designs root, which a takedown or restore refreshes. */
const PAGE_KEY = [...rootKeys.designs, 'detail', 'maker', 'gear-vase', 'u1'];

function render(isTakenDown: boolean) {
  const view = renderScreen(<DesignOperatorActions designId="d1" takenDown={isTakenDown} />, {
    path: '/design/maker/gear-vase',
  });
  view.queryClient.setQueryData(PAGE_KEY, { id: 'd1' });
  const pageRefreshed = () => view.queryClient.getQueryState(PAGE_KEY)?.isInvalidated === true;
  return { ...view, pageRefreshed };
}

describe("Operator actions on a design's page", () => {
  it('takes the design down only with a reason, then has the page refreshed', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/admin/designs/d1/takedown' ? { json: { design: takenDown } } : undefined,
    );
    const { user, queryClient, pageRefreshed } = render(false);
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    await act(() => user.click(screen.getByRole('button', { name: 'Take down' })));
    const dialog = screen.getByRole('dialog', { name: 'Take down the design' });
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Take down design' })));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Copies the Acme vase.');
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Take down design' }),
      calls,
      queryClient,
    );
    expect(posts(calls)).toEqual([['/api/admin/designs/d1/takedown', { reason: 'Copies the Acme vase.' }]]);
    expect(pageRefreshed()).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('The design was taken down.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('restores a taken-down design with an optional note', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/admin/designs/d1/restore' ? { json: { design } } : undefined,
    );
    const { user, queryClient, pageRefreshed } = render(true);
    expect(screen.queryByRole('button', { name: 'Take down' })).toBeNull();
    await act(() => user.click(screen.getByRole('button', { name: 'Restore' })));
    const dialog = screen.getByRole('dialog', { name: 'Restore the design' });
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Restore design' }),
      calls,
      queryClient,
    );
    expect(posts(calls)).toEqual([['/api/admin/designs/d1/restore', { reason: '' }]]);
    expect(pageRefreshed()).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('The design was restored.');
  });

  it("shows the server's refusal in the dialog and leaves the page as it is", async () => {
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? { status: 409, json: { message: 'This design is already taken down.', code: 'TAKEN_DOWN' } }
        : undefined,
    );
    const { user, queryClient, pageRefreshed } = render(false);
    await act(() => user.click(screen.getByRole('button', { name: 'Take down' })));
    const dialog = screen.getByRole('dialog', { name: 'Take down the design' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Copy.');
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Take down design' }),
      calls,
      queryClient,
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('This design is already taken down.');
    expect(pageRefreshed()).toBe(false);
  });
});
