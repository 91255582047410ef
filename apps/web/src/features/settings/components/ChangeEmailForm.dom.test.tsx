import {
  EMAIL_PASSWORD_REQUIRED,
  emailChangeSent,
  SAME_EMAIL,
  WRONG_PASSWORD_FOR_EMAIL,
} from '@printmarket/shared/email-change';
import { screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';

const CURRENT = 'anna@example.com';
const NEW = 'anna@new.example';
const TAKEN = 'An account with that email already exists.';

const requests = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/auth/change-email');

function renderForm() {
  const view = renderScreen(<ChangeEmailForm currentEmail={CURRENT} onUnauthorized={() => {}} />);
  const email = () => screen.getByRole('textbox', { name: 'New email address' });
  const password = () => screen.getByLabelText('Password');
  const fill = async (newEmail: string, secret: string) => {
    await view.user.type(email(), newEmail);
    await view.user.type(password(), secret);
    await view.user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
  };
  return { ...view, email, password, fill };
}

describe('Settings > change email address', () => {
  it("sends the new address and the password, then shows the server's answer with the focus and clears the form", async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    const calls = stubApi((call) =>
      call.path === '/api/auth/change-email'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const { email, password, fill } = renderForm();
    expect(screen.getByText(`Current address: ${CURRENT}`)).toBeTruthy();
    await fill('Anna@New.example', 'secret123');
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    answer({ json: { message: emailChangeSent(NEW) } });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(emailChangeSent(NEW));
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(email()).toHaveProperty('value', '');
    expect(password()).toHaveProperty('value', '');
    expect(requests(calls).map((call) => [call.method, JSON.parse(String(call.body))])).toEqual([
      ['POST', { newEmail: NEW, password: 'secret123' }],
    ]);
  });

  it('puts a wrong password on the password field, keeping what was typed', async () => {
    stubApi((call) =>
      call.path === '/api/auth/change-email'
        ? { status: 403, json: { message: WRONG_PASSWORD_FOR_EMAIL, code: 'WRONG_PASSWORD' } }
        : undefined,
    );
    const { email, password, fill } = renderForm();
    await fill(NEW, 'wrong-one');
    await waitFor(() => expect(password().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(WRONG_PASSWORD_FOR_EMAIL)).toBeTruthy();
    expect(document.activeElement).toBe(password());
    expect(email()).toHaveProperty('value', NEW);
    expect(password()).toHaveProperty('value', 'wrong-one');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts a taken address on the email field', async () => {
    stubApi((call) =>
      call.path === '/api/auth/change-email'
        ? { status: 409, json: { message: TAKEN, code: 'EMAIL_TAKEN' } }
        : undefined,
    );
    const { email, fill } = renderForm();
    await fill(NEW, 'secret123');
    await waitFor(() => expect(email().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(TAKEN)).toBeTruthy();
    expect(email()).toHaveProperty('value', NEW);
  });

  it("shows other refusals in the form's alert", async () => {
    const limited = 'Too many attempts. Please try again in 10 minutes.';
    stubApi((call) =>
      call.path === '/api/auth/change-email'
        ? { status: 429, json: { message: limited, code: 'RATE_LIMITED' } }
        : undefined,
    );
    const { email, fill } = renderForm();
    await fill(NEW, 'secret123');
    expect((await screen.findByRole('alert')).textContent).toBe(limited);
    expect(email()).toHaveProperty('value', NEW);
    expect(screen.getByRole('button', { name: 'Send confirmation link' })).toHaveProperty('disabled', false);
  });

  it('checks the fields on the screen and sends nothing while they are wrong', async () => {
    const calls = stubApi(() => undefined);
    const { user, email, fill } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(screen.getByText('Email is required.')).toBeTruthy();
    expect(screen.getByText(EMAIL_PASSWORD_REQUIRED)).toBeTruthy();
    await fill('anna@', 'secret123');
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    await user.clear(email());
    await user.type(email(), 'Anna@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(SAME_EMAIL)).toBeTruthy();
    expect(requests(calls)).toEqual([]);
  });
});
