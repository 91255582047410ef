import { ALREADY_VERIFIED, verificationSent } from '@printmarket/shared/email-verification';
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { ConfirmEmailBanner } from './ConfirmEmailBanner.tsx';

const EMAIL = 'anna@example.com';
const REMINDER = `Confirm your email address: we sent a link to ${EMAIL}.`;

const requests = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/auth/resend-verification');

describe('email confirmation banner', () => {
  it("sends a new link, saying so while it sends, then shows the server's answer in the button's place", async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    const calls = stubApi((call) =>
      call.path === '/api/auth/resend-verification'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const { user } = renderScreen(<ConfirmEmailBanner email={EMAIL} />);
    expect(screen.getByText(REMINDER)).toBeTruthy();
    screen.getByRole('button', { name: 'Send a new link' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    answer({ json: { message: verificationSent(EMAIL) } });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(verificationSent(EMAIL));
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(screen.queryByRole('button')).toBeNull();
    expect(requests(calls).map((call) => call.method)).toEqual(['POST']);
  });

  it("shows the server's refusal and keeps the button to try again", async () => {
    const calls = stubApi((call) =>
      call.path === '/api/auth/resend-verification'
        ? { status: 409, json: { message: ALREADY_VERIFIED, code: 'ALREADY_VERIFIED' } }
        : undefined,
    );
    const { user } = renderScreen(<ConfirmEmailBanner email={EMAIL} />);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ALREADY_VERIFIED);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(requests(calls)).toHaveLength(2));
  });

  it('says the link was not sent when the server cannot be reached', async () => {
    stubApi(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderScreen(<ConfirmEmailBanner email={EMAIL} />);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send a new link');
    expect(screen.getByRole('button', { name: 'Send a new link' })).toHaveProperty('disabled', false);
  });
});
