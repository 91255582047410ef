import { MSG } from '@printmarket/shared/messages';
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '@printmarket/shared/password-reset';
import { WEAK_PASSWORD } from '@printmarket/shared/password-strength';
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';

const STRONG = 'violet tractor harbour 42';

const requests = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/auth/reset-password');

function renderPage(entry = '/reset-password?token=link-token-1') {
  return renderScreen(<ResetPasswordPage />, { path: '/reset-password', entry });
}

describe('reset password', () => {
  it('takes the token out of the address, sends it with the new password, and shows the answer', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/auth/reset-password' ? { json: { message: PASSWORD_RESET_DONE } } : undefined,
    );
    const { user, router } = renderPage();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.historyAction).toBe('REPLACE');
    await user.type(screen.getByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(PASSWORD_RESET_DONE);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(requests(calls).map((call) => JSON.parse(String(call.body)))).toEqual([
      { token: 'link-token-1', password: STRONG },
    ]);
  });

  it('says the passwords differ and sends nothing', async () => {
    const calls = stubApi(() => undefined);
    const { user } = renderPage();
    await user.type(screen.getByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), `${STRONG}!`);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MSG.passwordsDiffer)).toBeTruthy();
    expect(requests(calls)).toEqual([]);
  });

  it('offers a new link when the server refuses the token', async () => {
    stubApi((call) =>
      call.path === '/api/auth/reset-password'
        ? { status: 400, json: { message: RESET_LINK_INVALID, code: 'RESET_TOKEN_INVALID' } }
        : undefined,
    );
    const { user } = renderPage();
    await user.type(screen.getByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(RESET_LINK_INVALID);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('marks a password the server finds too weak on its field', async () => {
    stubApi((call) =>
      call.path === '/api/auth/reset-password'
        ? { status: 400, json: { message: WEAK_PASSWORD, code: 'WEAK_PASSWORD' } }
        : undefined,
    );
    const { user } = renderPage();
    await user.type(screen.getByLabelText('New password'), STRONG);
    await user.type(screen.getByLabelText('Confirm new password'), STRONG);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(WEAK_PASSWORD)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
  });

  it('shows the invalid-link state at once, without a form, when the address has no token', () => {
    const calls = stubApi(() => undefined);
    renderPage('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(calls).toEqual([]);
  });
});
