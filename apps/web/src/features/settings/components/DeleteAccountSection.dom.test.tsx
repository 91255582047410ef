import {
  ACCOUNT_DELETED,
  ACCOUNT_DELETION_EFFECTS,
  DELETE_CONFIRM_WITH_USERNAME,
  DELETE_WRONG_PASSWORD,
} from '@printmarket/shared/account-deletion';
import { act, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStoredSession, getStoredToken, setStoredToken } from '@/lib/auth-storage.ts';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';

const signOut = vi.fn(async () => {});
vi.mock('@/lib/session/session.tsx', () => ({ useSession: () => ({ signOut }) }));

beforeEach(() => {
  signOut.mockClear();
  setStoredToken('token-1');
});
afterEach(() => clearStoredSession());

const requests = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path === '/api/user/account')
    .map((call) => [call.method, JSON.parse(String(call.body))]);

function renderSection(calls: ApiCall[]) {
  const view = renderScreen(<DeleteAccountSection onUnauthorized={() => {}} />, { path: '/settings' });
  const opener = () => screen.getByRole('button', { name: 'Delete my account' });
  const dialog = () => screen.getByRole('dialog', { name: 'Delete your account?' });
  const open = async () => {
    // In act: the dialog's effect opens it (and moves the focus) before the test looks.
    await act(() => view.user.click(opener()));
    return dialog();
  };
  /**
   * Types `secret` into the dialog's field and presses its Delete button, then waits for the answer
   * to be handled. All in act: what the answer causes (a render, a navigation, their effects) is
   * done before the test goes on, and nothing is left to run once it ends.
   */
  const confirm = async (label: string, secret: string) => {
    await view.user.type(within(dialog()).getByLabelText(label), secret);
    const count = requests(calls).length + 1;
    await act(async () => {
      await view.user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
      await vi.waitFor(() => {
        expect(requests(calls)).toHaveLength(count);
        expect(view.queryClient.isMutating()).toBe(0);
      });
    });
  };
  return { ...view, opener, dialog, open, confirm };
}

describe('Settings > Delete account', () => {
  it('lists what deletion does; the dialog asks for the password, and Cancel gives the focus back', async () => {
    const calls = stubApi(() => undefined);
    const { user, opener, open } = renderSection(calls);
    for (const effect of ACCOUNT_DELETION_EFFECTS) expect(screen.getByText(effect)).toBeTruthy();
    const dialog = await open();
    const password = within(dialog).getByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(document.activeElement).toBe(password);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(document.activeElement).toBe(opener());
    expect(requests(calls)).toEqual([]);
  });

  it('sends the password; once deleted it forgets the session as Logout does and goes home with the notice', async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    const calls = stubApi((call) =>
      call.path === '/api/user/account'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const { user, dialog, open, router } = renderSection(calls);
    // Signed out on Settings, the sign-in guard would take the person to /signin: home comes first.
    const signedOutOn: string[] = [];
    signOut.mockImplementationOnce(async () => {
      signedOutOn.push(router.state.location.pathname);
    });
    await open();
    await user.type(within(dialog()).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog()).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog()).findByRole('button', { name: 'Deleting...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    await act(async () => {
      answer({ json: { message: ACCOUNT_DELETED } });
      await vi.waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    });
    expect(router.state.location.state).toEqual({ notice: ACCOUNT_DELETED });
    expect(signedOutOn).toEqual(['/']);
    expect(getStoredToken()).toBeNull();
    expect(requests(calls)).toEqual([['DELETE', { password: 'secret123' }]]);
  });

  it('shows a wrong password on the field and keeps the dialog open, signed in', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/user/account'
        ? { status: 403, json: { message: DELETE_WRONG_PASSWORD, code: 'WRONG_PASSWORD' } }
        : undefined,
    );
    const { dialog, open, confirm, router } = renderSection(calls);
    await open();
    await confirm('Password', 'wrong-one');
    const password = within(dialog()).getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText(DELETE_WRONG_PASSWORD)).toBeTruthy();
    expect(document.activeElement).toBe(password);
    expect(router.state.location.pathname).toBe('/settings');
    expect(signOut).not.toHaveBeenCalled();
    expect(getStoredToken()).toBe('token-1');
  });

  it("shows other refusals (too many tries) in the dialog's alert", async () => {
    const limited = 'Too many wrong passwords. Please try again in 15 minutes.';
    const calls = stubApi((call) =>
      call.path === '/api/user/account' ? { status: 429, json: { message: limited } } : undefined,
    );
    const { dialog, open, confirm } = renderSection(calls);
    await open();
    await confirm('Password', 'secret123');
    expect(within(dialog()).getByRole('alert').textContent).toBe(limited);
    expect(within(dialog()).getByRole('button', { name: 'Delete my account' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('asks a Google-only account for its username instead, and sends that next time', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/user/account') return undefined;
      return 'password' in JSON.parse(String(call.body))
        ? { status: 403, json: { message: DELETE_CONFIRM_WITH_USERNAME, code: 'NO_PASSWORD' } }
        : { json: { message: ACCOUNT_DELETED } };
    });
    const { dialog, open, confirm, router } = renderSection(calls);
    await open();
    await confirm('Password', 'no-such-thing');
    const username = within(dialog()).getByRole('textbox', { name: 'Username' });
    expect(within(dialog()).getByText(DELETE_CONFIRM_WITH_USERNAME)).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Password')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(username));
    await confirm('Username', 'anna');
    expect(router.state.location.pathname).toBe('/');
    expect(requests(calls)).toEqual([
      ['DELETE', { password: 'no-such-thing' }],
      ['DELETE', { username: 'anna' }],
    ]);
  });
});
