import type { AdminUser } from '@printmarket/shared/admin';
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { posts, pressAndSettle } from '@/test/settle.ts';
import { PeoplePanel } from './PeoplePanel.tsx';
import { REASON_REQUIRED } from './ReasonForm.tsx';
import { SEARCH_TOO_SHORT } from './SearchForm.tsx';

const gus: AdminUser = {
  id: 'u1',
  username: 'GearheadGus',
  name: 'Gus Gear',
  email: 'gus@example.com',
  createdAt: '2026-01-02T12:00:00.000Z',
  designs: 12,
  suspension: null,
  deleted: false,
};
const gone: AdminUser = {
  ...gus,
  id: 'u2',
  username: 'gustav',
  name: '',
  email: 'gustav@example.com',
  deleted: true,
};
const held: AdminUser = {
  ...gus,
  id: 'u3',
  username: 'gussie',
  email: 'gussie@example.com',
  designs: 0,
  suspension: { at: '2026-03-04T12:00:00.000Z', reason: 'Uploads stolen designs.' },
};

const searches = (calls: ApiCall[]) =>
  calls.filter((call) => call.path === '/api/admin/users').map((call) => call.search);

function render() {
  const view = renderScreen(<PeoplePanel onUnauthorized={() => {}} />, { path: '/admin' });
  const search = async (text: string) => {
    const box = screen.getByRole('searchbox', { name: 'Search people' });
    await view.user.clear(box);
    await view.user.type(box, text);
    await act(() => view.user.click(screen.getByRole('button', { name: 'Search' })));
  };
  return { ...view, search };
}

const card = (username: string) => {
  const found = screen.getAllByRole('listitem').find((item) => item.textContent?.startsWith(username));
  if (!found) throw new Error(`no card for ${username}`);
  return found;
};

describe('Operator console > People', () => {
  it('asks nothing for fewer than 2 characters, then shows who matches with their state', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/admin/users' ? { json: { users: [gus, gone, held] } } : undefined,
    );
    const { search } = render();
    await search(' g ');
    expect(screen.getByText(SEARCH_TOO_SHORT)).toBeTruthy();
    expect(calls).toEqual([]);
    await search(' gus ');
    await screen.findByText('gus@example.com');
    expect(searches(calls)).toEqual(['?q=gus']);
    expect(screen.queryByText(SEARCH_TOO_SHORT)).toBeNull();
    const active = card('GearheadGus');
    expect(within(active).getByText('gus@example.com')).toBeTruthy();
    expect(within(active).getByText('12')).toBeTruthy();
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Suspend' })).toBeTruthy();
    // A deleted account is marked and has no actions.
    const deleted = card('gustav');
    expect(within(deleted).getByText('Deleted account')).toBeTruthy();
    expect(within(deleted).queryByRole('button')).toBeNull();
    const suspended = card('gussie');
    expect(within(suspended).getByText('Suspended')).toBeTruthy();
    expect(within(suspended).getByText('Uploads stolen designs.')).toBeTruthy();
    expect(within(suspended).getByRole('button', { name: 'Lift suspension' })).toBeTruthy();
    expect(within(suspended).queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('says so when no one matches, and shows a failed search in the server’s words', async () => {
    stubApi((call) => {
      if (call.path !== '/api/admin/users') return undefined;
      return call.search === '?q=zz'
        ? { json: { users: [] } }
        : { status: 400, json: { message: 'The search is too long.', code: 'VALIDATION' } };
    });
    const { search } = render();
    await search('zz');
    expect(await screen.findByText('No one matches.')).toBeTruthy();
    await search('yy');
    expect((await screen.findByRole('alert')).textContent).toContain('The search is too long.');
  });

  it('suspends only with a reason, then shows the person suspended', async () => {
    const suspended = { ...gus, suspension: { at: '2026-03-06T12:00:00.000Z', reason: 'Spam uploads.' } };
    const calls = stubApi((call) => {
      if (call.path === '/api/admin/users') return { json: { users: [gus] } };
      if (call.path === '/api/admin/users/u1/suspend') return { json: { user: suspended } };
      return undefined;
    });
    const { user, queryClient, search } = render();
    await search('gus');
    await screen.findByText('Gus Gear');
    await act(() => user.click(screen.getByRole('button', { name: 'Suspend' })));
    const dialog = screen.getByRole('dialog', { name: 'Suspend the account' });
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Suspend' })));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam uploads.');
    await pressAndSettle(user, within(dialog).getByRole('button', { name: 'Suspend' }), calls, queryClient);
    expect(posts(calls)).toEqual([['/api/admin/users/u1/suspend', { reason: 'Spam uploads.' }]]);
    expect(screen.getByRole('status').textContent).toBe('Suspended GearheadGus.');
    const person = card('GearheadGus');
    expect(within(person).getByText('Suspended')).toBeTruthy();
    expect(within(person).getByText('Spam uploads.')).toBeTruthy();
    expect(within(person).getByRole('button', { name: 'Lift suspension' })).toBeTruthy();
  });

  it("lifts a suspension with an optional note, and shows the server's refusal in the dialog", async () => {
    let refuse = true;
    const calls = stubApi((call) => {
      if (call.path === '/api/admin/users') return { json: { users: [held] } };
      if (call.path === '/api/admin/users/u3/unsuspend') {
        return refuse
          ? { status: 409, json: { message: 'This account is not suspended.', code: 'NOT_SUSPENDED' } }
          : { json: { user: { ...held, suspension: null } } };
      }
      return undefined;
    });
    const { user, queryClient, search } = render();
    await search('gussie');
    await screen.findByText('Uploads stolen designs.');
    await act(() => user.click(screen.getByRole('button', { name: 'Lift suspension' })));
    const dialog = screen.getByRole('dialog', { name: 'Lift the suspension' });
    const lift = () => within(dialog).getByRole('button', { name: 'Lift suspension' });
    await pressAndSettle(user, lift(), calls, queryClient);
    expect(within(dialog).getByRole('alert').textContent).toBe('This account is not suspended.');
    refuse = false;
    await user.type(within(dialog).getByLabelText('Note for the audit log'), 'Appeal accepted.');
    await pressAndSettle(user, lift(), calls, queryClient);
    expect(posts(calls)).toEqual([
      ['/api/admin/users/u3/unsuspend', { reason: '' }],
      ['/api/admin/users/u3/unsuspend', { reason: 'Appeal accepted.' }],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Lifted the suspension of gussie.');
    expect(within(card('gussie')).getByText('Active')).toBeTruthy();
    expect(within(card('gussie')).getByRole('button', { name: 'Suspend' })).toBeTruthy();
  });
});
