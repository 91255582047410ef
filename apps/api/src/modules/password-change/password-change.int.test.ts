import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { TokenService } from '../auth/tokens.ts';

describe(`password change`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  const change = (token: string | null, payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: token ? { 'x-auth-token': token } : {},
      payload: payload as object,
      remoteAddress: ip,
    });
  const login = async (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '10.9.0.1',
    });
  const tokenFor = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-auth-token': token } });

  it('changes the password, ends every other session and keeps this one signed in', async () => {
    const { token, email, password } = await signUp(t.app, 'Changer');
    const laptop = await tokenFor(email, password);
    const phone = await tokenFor(email, password);
    const someoneElse = await signUp(t.app, 'Bystander');

    const res = await change(token, { currentPassword: password, newPassword: 'brand-new-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed.', otherSessionsEnded: 2 });

    expect((await me(token)).statusCode).toBe(200);
    for (const ended of [laptop, phone]) {
      const after = await me(ended);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('SESSION_INVALID');
    }
    // Other people's sessions are not touched.
    expect((await me(someoneElse.token)).statusCode).toBe(200);

    expect((await login(email, password)).statusCode).toBe(401);
    const fresh = await login(email, 'brand-new-1');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.username).toBe('Changer');
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const { token, email, password } = await signUp(t.app, 'Guesser');
    const other = await tokenFor(email, password);
    const res = await change(
      token,
      { currentPassword: 'not-my-password', newPassword: 'brand-new-2' },
      '10.0.1.1',
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your current password is incorrect.', code: 'WRONG_PASSWORD' });
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(email, password)).statusCode).toBe(200);
    expect((await login(email, 'brand-new-2')).statusCode).toBe(401);
  });

  it('limits wrong current passwords like sign-in failures, even when the right one follows', async () => {
    const { token, password } = await signUp(t.app, 'Thief');
    for (let i = 0; i < 3; i++) {
      const wrong = await change(
        token,
        { currentPassword: `guess-${i}`, newPassword: 'taken-over' },
        '10.0.2.1',
      );
      expect(wrong.statusCode).toBe(403);
    }
    // From another address too: the limit is per person as well as per address.
    const limited = await change(token, { currentPassword: password, newPassword: 'taken-over' }, '10.0.2.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes?\.$/);
  });

  it('validates the input the way sign-up does, and needs a session', async () => {
    const { token, password } = await signUp(t.app, 'Validator');
    expect((await change(null, { currentPassword: password, newPassword: 'whatever1' })).json()).toEqual({
      message: 'Please sign in to continue.',
      code: 'NOT_SIGNED_IN',
    });
    for (const [payload, message] of [
      [{ newPassword: 'brand-new-3' }, 'Current password is required.'],
      [{ currentPassword: password }, 'New password is required.'],
      [{ currentPassword: password, newPassword: '12345' }, 'Password must be at least 6 characters.'],
      [
        { currentPassword: password, newPassword: password },
        'The new password must be different from the current one.',
      ],
    ] as const) {
      const res = await change(token, payload, '10.0.3.1');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a common or guessable new password and keeps the old one; accepts a strong one', async () => {
    const { token, userId, email, password } = await signUp(t.app, 'Picker');
    const storedHash = () =>
      t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    const before = await storedHash();
    for (const weak of ['password1', 'qwerty123', '123456789', 'Picker2024']) {
      const res = await change(token, { currentPassword: password, newPassword: weak }, '10.0.4.1');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'This password is too easy to guess. Try a longer one, or a few unrelated words.',
        code: 'WEAK_PASSWORD',
      });
    }
    expect(await storedHash()).toEqual(before);

    const strong = await change(
      token,
      { currentPassword: password, newPassword: 'orbit-walnut-harbor' },
      '10.0.4.1',
    );
    expect(strong.statusCode).toBe(200);
    expect((await login(email, 'orbit-walnut-harbor')).statusCode).toBe(200);
  });

  it('refuses accounts without a password (Google sign-in only) clearly', async () => {
    const user = await t.db
      .insertInto('users')
      .values({ username: 'GoogleOnly', name: 'G', email: 'google-only@example.com', google_sub: 'sub-1' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const expiresAt = new Date(Date.now() + 3_600_000);
    const session = await t.db
      .insertInto('sessions')
      .values({ user_id: user.id, expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = new TokenService(
      new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      3600,
    ).sign({ userId: user.id, sessionId: session.id }, expiresAt);
    expect((await me(token)).statusCode).toBe(200);
    const res = await change(token, { currentPassword: 'anything', newPassword: 'brand-new-4' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'This account signs in with Google and has no password to change.',
      code: 'NO_PASSWORD',
    });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.password_hash).toBeNull();
  });

  it('lets exactly one of two racing changes from two sessions win', async () => {
    const { token, email, password } = await signUp(t.app, 'Racer');
    const other = await tokenFor(email, password);
    const [a, b] = await Promise.all([
      change(token, { currentPassword: password, newPassword: 'amber-lantern-a1' }, '10.0.4.1'),
      change(other, { currentPassword: password, newPassword: 'cobalt-harbor-b1' }, '10.0.4.2'),
    ]);
    const codes = [a.statusCode, b.statusCode];
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    const winner = a.statusCode === 200 ? 'amber-lantern-a1' : 'cobalt-harbor-b1';
    const loser = a.statusCode === 200 ? 'cobalt-harbor-b1' : 'amber-lantern-a1';
    expect((await login(email, winner)).statusCode).toBe(200);
    expect((await login(email, loser)).statusCode).toBe(401);
    // The losing session was one of the "other sessions" and is gone.
    expect((await me(a.statusCode === 200 ? other : token)).statusCode).toBe(401);
  });
});
