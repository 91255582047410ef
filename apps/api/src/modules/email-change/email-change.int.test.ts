import { emailChanged, SAME_EMAIL, WRONG_PASSWORD_FOR_EMAIL } from '@printmarket/shared/email-change';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { linkToken, outboxMailTo } from '../../test/outbox.ts';

const CONFIRM_SUBJECT = 'Confirm your new email address for PrintMarket';
const NOTICE_SUBJECT = 'Your PrintMarket email address is about to change';
const PASSWORD = 'teapot-lantern-9';

describe('changing the email address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example', LOGIN_MAX_FAILURES: '20' });
  });
  afterAll(() => t.close());

  const change = (token: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: token ? { 'x-auth-token': token } : {},
      payload,
    });
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-auth-token': token } })).json();
  const verify = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  const login = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

  it('moves the account once the link sent to the new address is opened, telling the old one', async () => {
    const { token: session, email } = await signUp(t.app, 'Mover');
    const res = await change(session, { newEmail: 'Moved.Here@Example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'We have sent a confirmation link to moved.here@example.com. Your address changes when you open it.',
    );

    const notice = await outboxMailTo(t, email, NOTICE_SUBJECT);
    expect(notice.text).toContain('moved.here@example.com');
    expect(notice.text).toContain('https://shop.example/forgot-password');
    const confirm = await outboxMailTo(t, 'moved.here@example.com', CONFIRM_SUBJECT);
    // Nothing changed yet.
    expect((await me(session)).email).toBe(email);

    const done = await verify(linkToken(confirm, '/verify-email'));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: emailChanged('moved.here@example.com'),
      email: 'moved.here@example.com',
    });
    expect(await me(session)).toMatchObject({ email: 'moved.here@example.com', emailVerified: true });
    expect((await login('moved.here@example.com')).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);
    expect((await verify(linkToken(confirm, '/verify-email'))).statusCode).toBe(400);
  });

  it('refuses a wrong password, the same address, a taken one and bad input; visitors get 401', async () => {
    const { token: session, email } = await signUp(t.app, 'Careful');
    await signUp(t.app, 'Holder');
    const wrong = await change(session, { newEmail: 'new@example.com', password: 'not-my-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ message: WRONG_PASSWORD_FOR_EMAIL, code: 'WRONG_PASSWORD' });
    const same = await change(session, { newEmail: email.toUpperCase(), password: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(SAME_EMAIL);
    const taken = await change(session, { newEmail: 'holder@example.com', password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    expect((await change(session, { newEmail: 'nope', password: PASSWORD })).statusCode).toBe(400);
    expect((await change(session, { newEmail: 'fine@example.com' })).statusCode).toBe(400);
    expect((await change(null, { newEmail: 'fine@example.com', password: PASSWORD })).statusCode).toBe(401);
    expect((await me(session)).email).toBe(email);
  });

  it('drops a pending change when the password is reset or changed, as the notice promises', async () => {
    const { token: session, email } = await signUp(t.app, 'Robbed');
    expect((await change(session, { newEmail: 'thief@example.com', password: PASSWORD })).statusCode).toBe(
      200,
    );
    const stolen = linkToken(await outboxMailTo(t, 'thief@example.com', CONFIRM_SUBJECT), '/verify-email');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { 'x-auth-token': session },
      payload: { currentPassword: PASSWORD, newPassword: 'harbour-lantern-88' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify(stolen)).statusCode).toBe(400);
    expect((await me(session)).email).toBe(email);
  });

  it('answers 409 when another account took the new address before the link was opened', async () => {
    const { token: session, email } = await signUp(t.app, 'Slow');
    expect(
      (await change(session, { newEmail: 'contested@example.com', password: PASSWORD })).statusCode,
    ).toBe(200);
    const confirm = await outboxMailTo(t, 'contested@example.com', CONFIRM_SUBJECT);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Quick', name: 'Quick One', email: 'contested@example.com', password: PASSWORD },
    });
    const res = await verify(linkToken(confirm, '/verify-email'));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_TAKEN');
    expect((await me(session)).email).toBe(email);
  });
});
