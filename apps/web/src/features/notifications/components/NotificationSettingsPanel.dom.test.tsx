import { MSG } from '@printmarket/shared/messages';
import { NOTIFICATION_GROUPS, type NotificationSettings } from '@printmarket/shared/notifications';
import { act, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { NotificationSettingsPanel } from './NotificationSettingsPanel.tsx';

vi.mock('@/lib/session/session.tsx', () => ({ useSession: () => ({ user: { id: 'u1' } }) }));

const SAVED: NotificationSettings = {
  sale: true,
  newSubscriber: true,
  subscriberCancelled: true,
  receipt: true,
  subscriptionEnding: true,
  newFollower: false,
};
const SALE = 'When someone buys one of my designs or collections';
const RECEIPT = 'A receipt for every purchase and subscription payment';

const saves = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path === '/api/user/notifications' && call.method === 'PUT')
    .map((call) => JSON.parse(String(call.body)));

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

function renderPanel() {
  return renderScreen(<NotificationSettingsPanel onUnauthorized={() => {}} />);
}

describe('Settings > email notifications', () => {
  it('shows the saved settings once loaded, one toggle per kind in the groups of the shared list', async () => {
    stubApi((call) => (call.path === '/api/user/notifications' ? { json: SAVED } : undefined));
    renderPanel();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await screen.findByRole('checkbox', { name: SALE });
    for (const group of NOTIFICATION_GROUPS) {
      const fieldset = screen.getByRole('group', { name: group.title });
      const boxes = within(fieldset).getAllByRole<HTMLInputElement>('checkbox');
      expect(boxes.map((box) => box.labels?.[0]?.textContent)).toEqual(group.kinds.map((k) => k.label));
      expect(boxes.map((box) => box.checked)).toEqual(group.kinds.map((k) => SAVED[k.kind]));
    }
    expect(screen.getByText(/Security emails .* are always sent\./)).toBeTruthy();
  });

  it('saves a toggle at once, sending only its kind, and says when it is saved', async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    const calls = stubApi((call) => {
      if (call.path !== '/api/user/notifications') return undefined;
      if (call.method === 'GET') return { json: SAVED };
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const { user } = renderPanel();
    await screen.findByRole('checkbox', { name: SALE });
    await act(() => user.click(checkbox(SALE)));
    expect(checkbox(SALE).checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Saving...');
    await act(async () => answer({ json: { ...SAVED, sale: false } }));
    expect((await screen.findByText('Email notifications saved.')).getAttribute('role')).toBe('status');
    expect(screen.queryByText('Saving...')).toBeNull();
    expect(checkbox(SALE).checked).toBe(false);
    expect(saves(calls)).toEqual([{ sale: false }]);
  });

  it('sends quick changes one after another, so the last answer holds them all', async () => {
    const answers: ((value: { json: unknown }) => void)[] = [];
    const calls = stubApi((call) => {
      if (call.path !== '/api/user/notifications') return undefined;
      if (call.method === 'GET') return { json: SAVED };
      return new Promise((resolve) => {
        answers.push(resolve);
      });
    });
    const { user } = renderPanel();
    await screen.findByRole('checkbox', { name: SALE });
    await act(() => user.click(checkbox(SALE)));
    await act(() => user.click(checkbox(RECEIPT)));
    expect([checkbox(SALE).checked, checkbox(RECEIPT).checked]).toEqual([false, false]);
    expect(saves(calls)).toEqual([{ sale: false }]);
    await act(async () => answers[0]?.({ json: { ...SAVED, sale: false } }));
    await waitFor(() => expect(saves(calls)).toEqual([{ sale: false }, { receipt: false }]));
    expect(screen.getByText('Saving...')).toBeTruthy();
    await act(async () => answers[1]?.({ json: { ...SAVED, sale: false, receipt: false } }));
    await screen.findByText('Email notifications saved.');
    expect([checkbox(SALE).checked, checkbox(RECEIPT).checked]).toEqual([false, false]);
  });

  it('puts the toggle back and says why when saving fails (the keyboard toggles it too)', async () => {
    const refused = 'sale must be true or false.';
    const calls = stubApi((call) => {
      if (call.path !== '/api/user/notifications') return undefined;
      if (call.method === 'GET') return { json: SAVED };
      return { status: 400, json: { message: refused, code: 'VALIDATION_FAILED' } };
    });
    const { user } = renderPanel();
    await screen.findByRole('checkbox', { name: SALE });
    checkbox(SALE).focus();
    await act(() => user.keyboard(' '));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${MSG.somethingWrong}${refused}`);
    expect(checkbox(SALE).checked).toBe(true);
    expect(screen.queryByText('Email notifications saved.')).toBeNull();
    expect(saves(calls)).toEqual([{ sale: false }]);
  });

  it('says the change was not saved when the server cannot be reached', async () => {
    stubApi((call) => {
      if (call.path !== '/api/user/notifications') return undefined;
      if (call.method === 'GET') return { json: SAVED };
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderPanel();
    await screen.findByRole('checkbox', { name: SALE });
    await act(() => user.click(checkbox('New followers (at most one email a day)')));
    expect((await screen.findByRole('alert')).textContent).toContain('Your change was not saved.');
    expect(checkbox('New followers (at most one email a day)').checked).toBe(false);
  });
});
