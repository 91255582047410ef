import { setTimeout as wait } from 'node:timers/promises';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobsRepo } from '../../lib/jobs/jobs-repo.ts';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';
import { SESSION_PURGE_QUEUE } from './index.ts';
import { TokenService } from './tokens.ts';

/** Signs like the test app (test/app.ts gives it this secret). */
const testTokens = new TokenService(new TextEncoder().encode('test-secret-test-secret-test-secret!'), 3600);

const valid = {
  username: 'Maker1',
  name: 'Mia Maker',
  email: 'Mia@Example.com',
  password: 'teapot-lantern-9',
};

describe(`accounts`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  const register = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
  const login = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: ip });
  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers });

  it('registers, returns a token that works in x-auth-token, X-Token and Bearer', async () => {
    const res = await register(valid);
    expect(res.statusCode).toBe(201);
    const { token, user } = res.json();
    expect(user).toMatchObject({ username: 'Maker1', email: 'mia@example.com', name: 'Mia Maker' });
    expect(user._id).toBe(user.id);
    expect(JSON.stringify(user)).not.toContain('password');
    for (const headers of [
      { 'x-auth-token': token },
      { 'X-Token': token },
      { authorization: `Bearer ${token}` },
    ] as Record<string, string>[]) {
      const res2 = await me(headers);
      expect(res2.statusCode).toBe(200);
      expect(res2.json().username).toBe('Maker1');
    }
  });

  it.each([
    [{ ...valid, username: undefined }, 'Username is required.'],
    [{ ...valid, username: 'bad name!' }, 'Username can only contain letters and numbers.'],
    [{ ...valid, username: 'Ünïcode' }, 'Username can only contain letters and numbers.'],
    [{ ...valid, password: '12345' }, 'Password must be at least 6 characters.'],
    [{ ...valid, email: 'not-an-email' }, 'Enter a valid email address.'],
    [{ ...valid, name: '' }, 'Full name is required.'],
    [{ ...valid, username: 'Download' }, 'That username is not available.'],
    [{ ...valid, name: 42 }, 'Full name is required.'],
    [{}, 'Username is required.'],
  ])('refuses bad registration input %# with a clear 400', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED' });
  });

  it('refuses a common or guessable password with a clear 400 and creates no account', async () => {
    for (const [n, password] of ['password1', 'qwerty123', '123456789', 'Weakling7'].entries()) {
      const res = await register({
        username: 'Weakling7',
        name: 'Wendy Weak',
        email: `weak${n}@example.com`,
        password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'This password is too easy to guess. Try a longer one, or a few unrelated words.',
        code: 'WEAK_PASSWORD',
      });
    }
    const rows = await t.db.selectFrom('users').select('id').where('username', '=', 'Weakling7').execute();
    expect(rows).toEqual([]);

    const strong = await register({
      username: 'Weakling7',
      name: 'Wendy Weak',
      email: 'weak@example.com',
      password: 'orbit-walnut-harbor',
    });
    expect(strong.statusCode).toBe(201);
    expect(
      (await login({ email: 'weak@example.com', password: 'orbit-walnut-harbor' }, '10.0.7.1')).statusCode,
    ).toBe(200);
  });

  it('refuses a taken username (any case) or email with 409', async () => {
    const byName = await register({ ...valid, username: 'MAKER1', email: 'other@example.com' });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe('That username is already taken.');
    const byEmail = await register({ ...valid, username: 'Other1', email: 'MIA@example.com' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().message).toBe('An account with that email already exists.');
  });

  it('lets exactly one of two racing sign-ups for one username through', async () => {
    const [a, b] = await Promise.all([
      register({ ...valid, username: 'Racer', email: 'r1@example.com' }),
      register({ ...valid, username: 'racer', email: 'r2@example.com' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('answers malformed JSON, a wrong content type and an oversized body with 4xx JSON', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    const huge = await register({ ...valid, name: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large.');
  });

  it('logs in with any email case, and refuses a wrong password without saying which part was wrong', async () => {
    const ok = await login({ email: 'MIA@example.com', password: 'teapot-lantern-9' }, '10.0.0.2');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.username).toBe('Maker1');
    const wrong = await login({ email: 'mia@example.com', password: 'nope-nope' }, '10.0.0.2');
    const unknown = await login({ email: 'ghost@example.com', password: 'nope-nope' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    const missing = await login({ email: 'mia@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password is required.');
  });

  it('rate-limits repeated failures with 429 for known and unknown emails alike', async () => {
    const { email: known } = await signUp(t.app, 'Limited');
    for (const email of [known, 'nobody@example.com']) {
      const ip = `10.1.0.${email.length}`;
      for (let i = 0; i < 3; i++)
        expect((await login({ email, password: 'wrong-one' }, ip)).statusCode).toBe(401);
      const limited = await login({ email, password: 'wrong-one' }, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(
        /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
      );
    }
    // Even the right password waits until the window passes: guessing cannot be confirmed.
    const right = await login({ email: known, password: 'teapot-lantern-9' }, '10.9.9.9');
    expect(right.statusCode).toBe(429);
  });

  it('counts parallel guesses too: a burst gets no more than the limit of tries', async () => {
    const { email } = await signUp(t.app, 'Burst');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login({ email, password: 'wrong-guess' }, '10.3.0.1')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(17);
  });

  it('revokes a token at logout; other sessions of the same person keep working', async () => {
    const { token, email, password } = await signUp(t.app, 'Leaver');
    const other = (await login({ email, password }, '10.2.0.1')).json().token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'x-auth-token': token },
    });
    expect(out.statusCode).toBe(200);
    const after = await me({ 'x-auth-token': token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({
      message: 'Your session has ended. Please sign in again.',
      code: 'SESSION_INVALID',
    });
    expect((await me({ 'x-auth-token': other })).statusCode).toBe(200);
  });

  it('answers the session check with the account sign-up answered, and never the password hash', async () => {
    const res = await register({ ...valid, username: 'Checker', email: 'checker@example.com' });
    const { token, user } = res.json();
    const check = await me({ 'x-auth-token': token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual(user);
    expect(check.body).not.toMatch(/password|argon2/i);
  });

  it('reads the session row on every request: a session ended or expired elsewhere is refused at once', async () => {
    // Another instance of the API, or an administrator, works on the same database: only the row counts.
    const sessionOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    const ended = await signUp(t.app, 'EndedElsewhere');
    const expired = await signUp(t.app, 'ExpiredElsewhere');
    const stranger = await signUp(t.app, 'Stranger');
    for (const { token } of [ended, expired, stranger])
      expect((await me({ 'x-auth-token': token })).statusCode).toBe(200);

    await t.db.deleteFrom('sessions').where('id', '=', sessionOf(ended.token)).execute();
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionOf(expired.token))
      .execute();
    // A well-signed token pairing someone's live session with another person.
    const owner = await signUp(t.app, 'Owner');
    const crossed = testTokens.sign(
      { userId: stranger.userId, sessionId: sessionOf(owner.token) },
      new Date(Date.now() + 3_600_000),
    );

    for (const token of [ended.token, expired.token, crossed]) {
      const check = await me({ 'x-auth-token': token });
      expect(check.statusCode).toBe(401);
      expect(check.json().code).toBe('SESSION_INVALID');
      // Every other signed-in call reads the same row.
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'x-auth-token': token },
      });
      expect(logout.statusCode).toBe(401);
    }
    for (const { token } of [stranger, owner])
      expect((await me({ 'x-auth-token': token })).statusCode).toBe(200);
  });

  it('refuses missing, garbage, forged, alg:none and expired tokens with 401', async () => {
    const { token, userId } = await signUp(t.app, 'Tokens');
    expect((await me({})).json()).toEqual({ message: 'Please sign in to continue.', code: 'NOT_SIGNED_IN' });
    const [header, payload] = token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const forged = await new SignJWT({ sid: JSON.parse(Buffer.from(payload!, 'base64url').toString()).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('printmarket')
      .setAudience('printmarket')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const expired = await new SignJWT({ sid: JSON.parse(Buffer.from(payload!, 'base64url').toString()).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer('printmarket')
      .setAudience('printmarket')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret!'));
    for (const bad of [
      'garbage',
      `${noneHeader}.${payload}.`,
      `${header}.${payload}.AAAA`,
      forged,
      expired,
      'x'.repeat(5000),
    ]) {
      const res = await me({ 'x-auth-token': bad });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SESSION_INVALID');
    }
  });

  it('reports profile stats by id and 404 for unknown or malformed ids', async () => {
    const { userId, token } = await signUp(t.app, 'Stats');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${userId}`,
      headers: { 'X-Token': token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stats: { designs: 0, followers: 0, following: 0 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/not-a-uuid' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profile/00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });
});

describe(`client addresses`, () => {
  it('ignores a client-sent X-Forwarded-For unless proxies are configured', async () => {
    const t = await createTestApp({ SIGNUP_MAX_PER_HOUR: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { ...valid, username: `Spoof${i}`, email: `spoof${i}@example.com` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await t.close();
    }
  });
});

describe(`session housekeeping`, () => {
  it('removes expired session rows once the app has started and keeps live ones', async () => {
    const t = await createTestApp();
    try {
      const user = await t.db
        .insertInto('users')
        .values({ username: 'Sleeper', name: 'S', email: 'sleeper@example.com' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const hour = 3_600_000;
      await t.db
        .insertInto('sessions')
        .values([
          { user_id: user.id, expires_at: new Date(Date.now() - hour) },
          { user_id: user.id, expires_at: new Date(Date.now() + hour) },
        ])
        .execute();
      await t.app.ready();
      // The purge is a job the starting app queues; wait for one instance to have done it.
      const jobs = new JobsRepo(t.db);
      while ((await jobs.byState(SESSION_PURGE_QUEUE)).completed !== 1) await wait(20);
      const left = await t.db.selectFrom('sessions').select('expires_at').execute();
      expect(left).toHaveLength(1);
      expect(left[0]!.expires_at.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await t.close();
    }
  });
});
