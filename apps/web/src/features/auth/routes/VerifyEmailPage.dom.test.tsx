import { EMAIL_VERIFIED, VERIFY_LINK_INVALID } from '@printmarket/shared/email-verification';
import { screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionStatus } from '@/lib/session/session.tsx';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import VerifyEmailPage from './VerifyEmailPage.tsx';

const session = { status: 'signed-out' as SessionStatus, refresh: vi.fn(async () => null) };
vi.mock('@/lib/session/session.tsx', () => ({ useSession: () => session }));

afterEach(() => {
  session.status = 'signed-out';
  session.refresh.mockClear();
});

const requests = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/auth/verify-email');

function renderPage(entry = '/verify-email?token=link-token-1') {
  return renderScreen(<VerifyEmailPage />, { path: '/verify-email', entry });
}

describe('confirm email', () => {
  it('takes the token out of the address, confirms at once, and offers to sign in', async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    const calls = stubApi((call) =>
      call.path === '/api/auth/verify-email'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const { router } = renderPage();
    expect(screen.getByRole('status').textContent).toBe('Confirming your email address...');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/verify-email');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(document.title).toBe('Confirm your email · PrintMarket');
    answer({ json: { message: EMAIL_VERIFIED, email: 'anna@example.com' } });
    const status = await screen.findByText(EMAIL_VERIFIED);
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(requests(calls).map((call) => JSON.parse(String(call.body)))).toEqual([{ token: 'link-token-1' }]);
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it('sends the link once, though taking the token out of the address renders the screen again', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/auth/verify-email'
        ? { json: { message: EMAIL_VERIFIED, email: 'anna@example.com' } }
        : undefined,
    );
    renderPage();
    await screen.findByText(EMAIL_VERIFIED);
    expect(requests(calls)).toHaveLength(1);
  });

  it('reloads the session of a signed-in person, so the dashboard knows, and leads there', async () => {
    session.status = 'signed-in';
    stubApi((call) =>
      call.path === '/api/auth/verify-email'
        ? { json: { message: EMAIL_VERIFIED, email: 'anna@example.com' } }
        : undefined,
    );
    renderPage();
    await screen.findByText(EMAIL_VERIFIED);
    await waitFor(() => expect(session.refresh).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });

  it('says the link no longer works when the server refuses it', async () => {
    session.status = 'signed-in';
    stubApi((call) =>
      call.path === '/api/auth/verify-email'
        ? { status: 400, json: { message: VERIFY_LINK_INVALID, code: 'VERIFY_TOKEN_INVALID' } }
        : undefined,
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(VERIFY_LINK_INVALID);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(session.refresh).not.toHaveBeenCalled();
  });

  it("shows the server's word when it cannot confirm now", async () => {
    const limited = 'Too many attempts. Please try again in 10 minutes.';
    stubApi((call) =>
      call.path === '/api/auth/verify-email'
        ? { status: 429, json: { message: limited, code: 'RATE_LIMITED' } }
        : undefined,
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(limited);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
  });

  it('shows the invalid-link state at once, sending nothing, when the address has no token', () => {
    const calls = stubApi(() => undefined);
    renderPage('/verify-email');
    expect(screen.getByRole('alert').textContent).toBe(VERIFY_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByText('Confirming your email address...')).toBeNull();
    expect(calls).toEqual([]);
  });
});
