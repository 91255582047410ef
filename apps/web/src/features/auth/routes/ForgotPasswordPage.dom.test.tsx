import { FORGOT_PASSWORD_SENT } from '@printmarket/shared/password-reset';
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import ForgotPasswordPage from './ForgotPasswordPage.tsx';

const requests = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/auth/forgot-password');

function renderPage(email?: string) {
  const path = '/forgot-password';
  return renderScreen(<ForgotPasswordPage />, { path, entry: { pathname: path, state: email && { email } } });
}

describe('forgot password', () => {
  it('checks the address on the screen and sends nothing while it is wrong', async () => {
    const calls = stubApi(() => undefined);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(requests(calls)).toEqual([]);
  });

  it("sends the address, says it is sending, then shows the server's answer instead of the form", async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    const calls = stubApi((call) =>
      call.path === '/api/auth/forgot-password'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const { user } = renderPage('Anna@Example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'Anna@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy).toHaveProperty('disabled', true);
    answer({ json: { message: FORGOT_PASSWORD_SENT } });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(FORGOT_PASSWORD_SENT);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin');
    expect(requests(calls).map((call) => JSON.parse(String(call.body)))).toEqual([
      { email: 'anna@example.com' },
    ]);
  });

  it("shows a refusal's message and keeps what was typed", async () => {
    const limited = 'Too many reset requests. Please try again in 10 minutes.';
    stubApi((call) =>
      call.path === '/api/auth/forgot-password'
        ? { status: 429, json: { message: limited, code: 'RATE_LIMITED' } }
        : undefined,
    );
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limited);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'anna@example.com');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty('disabled', false);
  });
});
