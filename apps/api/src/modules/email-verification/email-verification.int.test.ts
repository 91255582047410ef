import {
  EMAIL_VERIFIED,
  VERIFY_BEFORE_PAYOUTS,
  VERIFY_LINK_INVALID,
} from '@printmarket/shared/email-verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { CONFIRMATION_SUBJECT, linkToken, outboxMailTo } from '../../test/outbox.ts';

describe('confirming email addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => t.close());

  const verify = (token: unknown, ip = '10.4.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token }, remoteAddress: ip });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-auth-token': token } })).json();
  const resend = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      headers: { 'x-auth-token': token },
    });
  const connect = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe-connect/connect',
      headers: { 'x-auth-token': token },
    });

  it('mails a new account a link that confirms its address once; payouts wait for it', async () => {
    const { token: session, email } = await signUp(t.app, 'Newcomer');
    expect((await me(session)).emailVerified).toBe(false);
    const refused = await connect(session);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: VERIFY_BEFORE_PAYOUTS, code: 'EMAIL_NOT_VERIFIED' });

    const mail = await outboxMailTo(t, email, CONFIRMATION_SUBJECT);
    expect(mail.subject).toBe('Confirm your email address for PrintMarket');
    expect(mail.html).toContain('https://shop.example/verify-email?token=');
    const token = linkToken(mail, '/verify-email');

    const done = await verify(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: EMAIL_VERIFIED, email });
    expect((await me(session)).emailVerified).toBe(true);
    expect((await connect(session)).statusCode).toBe(200);

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: VERIFY_LINK_INVALID, code: 'VERIFY_TOKEN_INVALID' });
    expect((await resend(session)).statusCode).toBe(409);
  });

  it('sends a new link on request; only the newest works', async () => {
    const { token: session, email } = await signUp(t.app, 'Resender');
    const first = linkToken(await outboxMailTo(t, email, CONFIRMATION_SUBJECT), '/verify-email');
    const res = await resend(session);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(`We have sent a new confirmation link to ${email}.`);
    let second = first;
    while (second === first)
      second = linkToken(await outboxMailTo(t, email, CONFIRMATION_SUBJECT), '/verify-email');
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('refuses expired, unknown and empty links with 400, and resending to visitors with 401', async () => {
    const { email } = await signUp(t.app, 'Latecomer');
    const token = linkToken(await outboxMailTo(t, email, CONFIRMATION_SUBJECT), '/verify-email');
    await t.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await verify(token)).json().code).toBe('VERIFY_TOKEN_INVALID');
    expect((await verify('made-up')).statusCode).toBe(400);
    expect((await verify('')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification' })).statusCode).toBe(
      401,
    );
  });
});
