import {
  FORGOT_PASSWORD_SENT,
  PASSWORD_RESET_DONE,
  RESET_LINK_INVALID,
} from '@printmarket/shared/password-reset';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsRepo } from '../../lib/jobs/jobs-repo.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { linkToken, outboxMailTo } from '../../test/outbox.ts';
import { type SmtpTestServer, startSmtpTestServer } from '../../test/smtp-test-server.ts';
import { RESET_MAIL_QUEUE } from './index.ts';

const PUBLIC_URL = 'https://shop.example';

/** The token of the reset link in a mail. */
const resetToken = (mail: ParsedMail) => linkToken(mail, '/reset-password');
const RESET_SUBJECT = 'Choose a new PrintMarket password';
const GOOGLE_SUBJECT = 'How you sign in to PrintMarket';

/** Resolves once every reset mail job has finished (sent, or given up). */
async function mailJobsDone(t: TestApp) {
  const jobs = new JobsRepo(t.db);
  while ((await jobs.unfinished(RESET_MAIL_QUEUE)) > 0) await new Promise((r) => setTimeout(r, 25));
}

describe('password reset by mail, through a real SMTP server', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'PrintMarket <no-reply@shop.example>',
      PUBLIC_URL,
      PASSWORD_RESET_MAX_PER_HOUR: '3',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: unknown, ip = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
  const reset = (token: unknown, password: unknown, ip = '10.2.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password },
      remoteAddress: ip,
    });
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '10.9.0.1',
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-auth-token': token } });

  it('mails a link that sets a new password once, ending every session', async () => {
    const { token: session, email, password } = await signUp(t.app, 'Forgetful');
    const res = await forgot('Forgetful@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });

    const mail = await smtp.mailTo(email, RESET_SUBJECT);
    expect(mail.to).toEqual([email]);
    expect(mail.parsed.from?.value).toEqual([{ name: 'PrintMarket', address: 'no-reply@shop.example' }]);
    expect(mail.parsed.subject).toBe('Choose a new PrintMarket password');
    expect(mail.parsed.text).toContain('Hello Forgetful,');
    expect(mail.parsed.text).toContain('PrintMarket LLC');
    // Security mail has no way to turn it off.
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    const token = resetToken(mail.parsed);
    expect(mail.parsed.html).toContain(`href="${PUBLIC_URL}/reset-password?token=${token}"`);

    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { 'x-auth-token': session },
      payload: { newEmail: 'elsewhere@example.com', password },
    });
    expect(moved.statusCode).toBe(200);
    await smtp.mailTo('elsewhere@example.com', 'Confirm your new email address for PrintMarket');

    const done = await reset(token, 'lantern-harbour-42');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_DONE });
    expect((await me(session)).statusCode).toBe(401);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'lantern-harbour-42')).statusCode).toBe(200);

    // A change of address asked for before the reset (perhaps with a stolen session) was dropped.
    expect(
      await t.db.selectFrom('email_tokens').select('user_id').where('purpose', '=', 'change').execute(),
    ).toEqual([]);
    const again = await reset(token, 'another-harbour-43');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: RESET_LINK_INVALID, code: 'RESET_TOKEN_INVALID' });
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    await signUp(t.app, 'Known');
    const known = await forgot('known@example.com');
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.mailTo('known@example.com', RESET_SUBJECT);
    await mailJobsDone(t);
    expect(smtp.received.filter((m) => m.to.includes('nobody-here@example.com'))).toEqual([]);
  });

  it('refuses an expired link, and an unknown one, with 400', async () => {
    const { email } = await signUp(t.app, 'Slowpoke');
    await forgot(email);
    const token = resetToken((await smtp.mailTo(email, RESET_SUBJECT)).parsed);
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await reset(token, 'lantern-harbour-44');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('RESET_TOKEN_INVALID');
    expect((await reset('not-a-real-token', 'lantern-harbour-44')).json().code).toBe('RESET_TOKEN_INVALID');
    expect((await reset('', 'lantern-harbour-44')).statusCode).toBe(400);
  });

  it('refuses a password sign-up would refuse, and the link still works for a better one', async () => {
    const { email } = await signUp(t.app, 'Picky');
    await forgot(email);
    const token = resetToken((await smtp.mailTo(email, RESET_SUBJECT)).parsed);
    const short = await reset(token, 'abc');
    expect(short.statusCode).toBe(400);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('WEAK_PASSWORD');
    expect((await reset(token, 'lantern-harbour-45')).statusCode).toBe(200);
  });

  it('tells an account without a password that it signs in with Google', async () => {
    await t.db
      .insertInto('users')
      .values({
        username: 'Googler',
        name: 'Goo Gler',
        email: 'googler@example.com',
        password_hash: null,
        google_sub: 'sub-1',
      })
      .execute();
    expect((await forgot('googler@example.com')).statusCode).toBe(200);
    const mail = await smtp.mailTo('googler@example.com', GOOGLE_SUBJECT);
    expect(mail.parsed.subject).toBe('How you sign in to PrintMarket');
    expect(mail.parsed.text).toContain('you sign in with Google');
    expect(mail.parsed.text).not.toContain('reset-password?token=');
    const tokens = await t.db
      .selectFrom('password_reset_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .where('u.username', '=', 'Googler')
      .select('t.token_hash')
      .execute();
    expect(tokens).toEqual([]);
  });

  it('limits links per address, unknown addresses alike', async () => {
    for (const address of ['limited@example.com', 'limited-unknown@example.com']) {
      for (let i = 0; i < 3; i++) expect((await forgot(address, `10.3.0.${i}`)).statusCode).toBe(200);
      const refused = await forgot(address, '10.3.0.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
    }
  });

  it('answers a bad address with 400 and a clear message', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a valid email address.');
    expect((await forgot(undefined)).statusCode).toBe(400);
  });

  it('answers at once while the mail server refuses, and the job sends the mail later', {
    timeout: 90_000,
  }, async () => {
    const { email } = await signUp(t.app, 'Patient');
    smtp.refuse(1);
    expect((await forgot(email)).statusCode).toBe(200);
    // The first try is refused (451); the retry, 15 s later, delivers.
    const mail = await smtp.mailTo(email, RESET_SUBJECT);
    expect(mail.parsed.subject).toBe('Choose a new PrintMarket password');
    const states = await new JobsRepo(t.db).byState(RESET_MAIL_QUEUE);
    expect(states.failed ?? 0).toBe(0);
  });
});

describe('password reset mail without an SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('writes the message to DATA_DIR/outbox as an .eml file', async () => {
    const { email } = await signUp(t.app, 'Offline');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(res.statusCode).toBe(200);
    const mail = await outboxMailTo(t, email, RESET_SUBJECT);
    expect(mail.subject).toBe('Choose a new PrintMarket password');
    const token = resetToken(mail);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'lantern-harbour-46' },
    });
    expect(done.statusCode).toBe(200);
  });
});
