import type { AdminDesign } from '@printmarket/shared/admin';
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubApi } from '@/test/render.tsx';
import { posts, pressAndSettle } from '@/test/settle.ts';
import { REASON_REQUIRED } from './ReasonForm.tsx';
import { TakenDownPanel } from './TakenDownPanel.tsx';

const vase: AdminDesign = {
  id: 'd1',
  name: 'Gear vase',
  path: '/design/GearheadGus/gear-vase',
  ownerUsername: 'GearheadGus',
  takedown: {
    at: '2026-03-04T12:00:00.000Z',
    reason: 'Copies the Acme vase.',
    reply: { at: '2026-03-05T12:00:00.000Z', message: 'I drew it myself.' },
  },
};
const hook: AdminDesign = {
  id: 'd2',
  name: 'Wall hook',
  path: '/design/maker/wall-hook',
  ownerUsername: 'maker',
  takedown: { at: '2026-03-02T12:00:00.000Z', reason: 'Spam.', reply: null },
};

/** The list answers `designs` until a design is restored, which takes it out. */
function stubDesigns(
  designs: AdminDesign[],
  answers: Record<string, { status?: number; json: unknown }> = {},
) {
  let listed = designs;
  return stubApi((call) => {
    if (call.path === '/api/admin/designs') return { json: { designs: listed } };
    const answer = answers[call.path];
    if (answer && call.method === 'POST') {
      if (call.path.endsWith('/restore') && !answer.status)
        listed = listed.filter((d) => !call.path.includes(d.id));
      return answer;
    }
    return undefined;
  });
}

const render = () => renderScreen(<TakenDownPanel onUnauthorized={() => {}} />, { path: '/admin' });

describe('Operator console > Taken down', () => {
  it("lists each design with its link, owner, reason, date and the owner's reply", async () => {
    stubDesigns([vase, hook]);
    render();
    const link = await screen.findByRole('link', { name: 'Gear vase' });
    expect(link.getAttribute('href')).toBe('/design/GearheadGus/gear-vase');
    const [first, second] = screen.getAllByRole('listitem');
    if (!first || !second) throw new Error('two cards expected');
    expect(within(first).getByText('by GearheadGus')).toBeTruthy();
    expect(within(first).getByText('Copies the Acme vase.')).toBeTruthy();
    expect(within(first).getByText('Mar 4, 2026')).toBeTruthy();
    expect(within(first).getByText('I drew it myself.')).toBeTruthy();
    expect(within(first).getByText('Mar 5, 2026')).toBeTruthy();
    expect(within(second).getByText('No reply yet.')).toBeTruthy();
    expect(within(second).getByText('Spam.')).toBeTruthy();
  });

  it('says so when nothing is taken down', async () => {
    stubDesigns([]);
    render();
    expect(await screen.findByText('No taken-down designs.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('restores with the note, then the design leaves the list', async () => {
    const calls = stubDesigns([vase], {
      '/api/admin/designs/d1/restore': { json: { design: { ...vase, takedown: null } } },
    });
    const { user, queryClient } = render();
    await screen.findByRole('link', { name: 'Gear vase' });
    await act(() => user.click(screen.getByRole('button', { name: 'Restore' })));
    const dialog = screen.getByRole('dialog', { name: 'Restore the design' });
    await user.type(within(dialog).getByLabelText('Note for the audit log'), ' Licence shown. ');
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Restore design' }),
      calls,
      queryClient,
    );
    expect(posts(calls)).toEqual([['/api/admin/designs/d1/restore', { reason: 'Licence shown.' }]]);
    expect(await screen.findByText('No taken-down designs.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Restored Gear vase.');
  });

  it("shows the server's refusal of a restore in the dialog", async () => {
    const calls = stubDesigns([vase], {
      '/api/admin/designs/d1/restore': {
        status: 409,
        json: { message: 'This design is not taken down.', code: 'NOT_TAKEN_DOWN' },
      },
    });
    const { user, queryClient } = render();
    await screen.findByRole('link', { name: 'Gear vase' });
    await act(() => user.click(screen.getByRole('button', { name: 'Restore' })));
    const dialog = screen.getByRole('dialog', { name: 'Restore the design' });
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Restore design' }),
      calls,
      queryClient,
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('This design is not taken down.');
    expect(posts(calls)).toEqual([['/api/admin/designs/d1/restore', { reason: '' }]]);
    expect(screen.getByRole('link', { name: 'Gear vase' })).toBeTruthy();
  });

  it('refunds all buyers only with a reason and after the confirmation, then says how many', async () => {
    const calls = stubDesigns([vase], {
      '/api/admin/designs/d1/refund-buyers': { json: { refunded: 3 } },
    });
    const { user, queryClient } = render();
    await screen.findByRole('link', { name: 'Gear vase' });
    await act(() => user.click(screen.getByRole('button', { name: 'Refund all buyers' })));
    const dialog = screen.getByRole('dialog', { name: 'Refund all buyers' });
    // No reason: the form says so and sends nothing.
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Refund all buyers' })));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Reason'), 'Stolen design.');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Refund all buyers' })));
    expect(within(dialog).getByText('Refund every buyer of Gear vase? This cannot be undone.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    // Back keeps the reason typed.
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Back' })));
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Stolen design.');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Refund all buyers' })));
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Yes, refund all buyers' }),
      calls,
      queryClient,
    );
    expect(posts(calls)).toEqual([['/api/admin/designs/d1/refund-buyers', { reason: 'Stolen design.' }]]);
    expect((await screen.findByRole('status')).textContent).toBe('Refunded 3 buyers.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
