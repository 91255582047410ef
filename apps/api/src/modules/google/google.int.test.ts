import net from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type MutableToken, OAuth2Server, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/app.ts';

/** The one-time code the callback put in the landing page's fragment. */
function codeIn(landing: URL): string {
  const code = new URLSearchParams(landing.hash.slice(1)).get('code');
  if (!code) throw new Error(`no code in ${landing.href}`);
  return code;
}

/** The `name=value` part of the cookie a response set under `name`, if it set one. */
function setCookieOf(res: LightMyRequestResponse, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const all = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return all.find((c) => c.startsWith(`${name}=`))?.split(';')[0];
}

/** POST /api/auth/google/exchange as a browser holding `cookie` (or none) sends it. */
function exchange(app: FastifyInstance, code: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/google/exchange',
    payload: { code },
    headers: cookie ? { cookie } : {},
  });
}

const CLIENT_ID = 'printmarket-test-client';
const GOOGLE_ENV = { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'test-client-secret' };

/** Claims the mock provider puts into the ID token it issues for one authorization code. */
type Identity = { sub: string; email?: string; email_verified?: boolean; name?: string };
type Tamper = (payload: MutableToken['payload']) => void;

/** What the ID token for a given code should say, and how a test wants it spoiled. */
const plannedByCode = new Map<string, { identity: Identity; tamper?: Tamper }>();

/**
 * Starts a mock provider on 127.0.0.1 (by address: "localhost" may resolve to ::1 first) whose ID
 * tokens carry the identity planned for their code. Each describe block gets its own provider: a
 * keep-alive connection to a provider left idle while a test app starts (seconds on a busy
 * machine) may be reset by the time it is reused.
 */
async function startProvider(port = 0) {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(port, '127.0.0.1');
  provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
  provider.service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
    // The access token carries a scope; the ID token, which is what we check, does not.
    if ('scope' in token.payload) return;
    const planned = req.body.code ? plannedByCode.get(req.body.code) : undefined;
    if (!planned) return;
    Object.assign(token.payload, planned.identity);
    planned.tamper?.(token.payload);
  });
  return provider;
}

/** GET /api/auth/google: the provider URL to visit and the state cookie the browser keeps. */
async function begin(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
  const setCookie = String(res.headers['set-cookie']);
  return { authorizeUrl: new URL(location), setCookie, cookie: setCookie.split(';')[0]! };
}

/** The provider signs the person in at once and redirects back; returns that callback path. */
async function authorize(authorizeUrl: URL, identity: Identity, tamper?: Tamper) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  plannedByCode.set(back.searchParams.get('code')!, { identity, tamper });
  return `${back.pathname}${back.search}`;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The application as createTestApp builds it, but with its log lines captured (createTestApp
 * silences logging), to check what a refused sign-in writes there.
 */
async function createLoggingApp(env: Record<string, string>) {
  const lines: string[] = [];
  const t = await createTestApp(env, {
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
  return { app: t.app, lines, close: t.close };
}

describe(`Google sign-in`, () => {
  let provider: OAuth2Server;
  let t: TestApp;
  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({ ...GOOGLE_ENV, OIDC_ISSUER: provider.issuer.url! });
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  const callback = (path: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });

  /** The whole flow as a browser runs it; returns where the callback sent the browser. */
  async function signInWithGoogle(identity: Identity, tamper?: Tamper) {
    const { authorizeUrl, cookie } = await begin(t.app);
    const path = await authorize(authorizeUrl, identity, tamper);
    const res = await callback(path, cookie);
    expect(res.statusCode).toBe(302);
    const landing = new URL(String(res.headers.location), 'http://app.test');
    return { res, path, cookie, landing, browserCookie: setCookieOf(res, 'pm_google_browser') };
  }

  /** What the web app does on the landing page: exchange the code, with the cookie, for a session. */
  async function tokenFor(flow: { landing: URL; browserCookie?: string }): Promise<string> {
    const res = await exchange(t.app, codeIn(flow.landing), flow.browserCookie);
    expect(res.statusCode).toBe(200);
    return res.json().token;
  }

  const currentUser = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-auth-token': token } });
  const sessionCount = async () => {
    const row = await t.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const userBySub = (sub: string) =>
    t.db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();

  it('sends the browser to the provider with state, nonce, PKCE (S256) and a bound state cookie', async () => {
    const { authorizeUrl, setCookie } = await begin(t.app);
    expect(authorizeUrl.origin).toBe(provider.issuer.url);
    const q = authorizeUrl.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    const state = q.get('state')!;
    expect(setCookie).toBe(
      `pm_google_state=${state}; Path=/api/auth/google; Max-Age=600; HttpOnly; SameSite=Lax`,
    );
    const row = await t.db
      .selectFrom('oauth_states')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirstOrThrow();
    expect(row.nonce).toBe(q.get('nonce'));
    expect(row.code_verifier).not.toBe(q.get('code_challenge'));
    const minutesLeft = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it('creates a new account, lands on /setup-profile with a one-time code, and the exchange signs in', async () => {
    const identity = {
      sub: 'g-new',
      email: 'New.Maker+3d@Example.com',
      email_verified: true,
      name: 'Nora Maker',
    };
    const sessionsBefore = await sessionCount();
    const { res, landing, browserCookie } = await signInWithGoogle(identity);
    expect(landing.pathname).toBe('/setup-profile');
    expect(landing.search).toBe('');
    expect(landing.hash).toMatch(/^#code=[\w-]{43}$/);
    const setCookies = [res.headers['set-cookie']].flat().map(String);
    expect(setCookies).toContain(
      'pm_google_state=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    expect(setCookies).toContainEqual(
      expect.stringMatching(
        /^pm_google_browser=[\w-]{43}; Path=\/api\/auth\/google; Max-Age=60; HttpOnly; SameSite=Lax$/,
      ),
    );
    // The account exists, but no session does until the code is exchanged.
    expect(await sessionCount()).toBe(sessionsBefore);
    // Only hashes are stored, of the code and of the browser key.
    const code = codeIn(landing);
    const rows = await t.db.selectFrom('google_sign_in_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(browserCookie!.split('=')[1]);
    const secondsLeft = (rows[0]!.expires_at.getTime() - Date.now()) / 1000;
    expect(secondsLeft).toBeGreaterThan(50);
    expect(secondsLeft).toBeLessThanOrEqual(60);

    const exchanged = await exchange(t.app, code, browserCookie);
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.headers['cache-control']).toBe('no-store');
    expect(String(exchanged.headers['set-cookie'])).toBe(
      'pm_google_browser=; Path=/api/auth/google; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    const body = exchanged.json();
    expect(body).toMatchObject({ isNew: true, user: { username: 'newmaker', profileCompleted: false } });
    expect(await sessionCount()).toBe(sessionsBefore + 1);
    const me = await currentUser(body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: 'newmaker',
      name: 'Nora Maker',
      email: 'new.maker+3d@example.com',
      profileCompleted: false,
      // Google vouched for the address.
      emailVerified: true,
    });
    const row = await userBySub('g-new');
    expect(row).toMatchObject({ password_hash: null, email: 'new.maker+3d@example.com' });
  });

  it('signs the same Google account in again, and goes to /oauth-callback once the profile is done', async () => {
    const identity = { sub: 'g-again', email: 'again@example.com', email_verified: true, name: 'Al Again' };
    const first = await signInWithGoogle(identity);
    const firstUser = (await currentUser(await tokenFor(first))).json();

    const second = await signInWithGoogle(identity);
    expect(second.landing.pathname).toBe('/setup-profile');
    const secondExchange = await exchange(t.app, codeIn(second.landing), second.browserCookie);
    expect(secondExchange.json()).toMatchObject({ isNew: false, user: { id: firstUser.id } });

    await t.db.updateTable('users').set({ profile_completed: true }).where('id', '=', firstUser.id).execute();
    const third = await signInWithGoogle(identity);
    expect(third.landing.pathname).toBe('/oauth-callback');
    const me = await currentUser(await tokenFor(third));
    expect(me.json()).toMatchObject({ id: firstUser.id, username: 'again', profileCompleted: true });
  });

  it('links an existing password account with the same verified email', async () => {
    const account = await signUp(t.app, 'Linda');
    await t.db
      .updateTable('users')
      .set({ profile_completed: true })
      .where('id', '=', account.userId)
      .execute();
    const flow = await signInWithGoogle({
      sub: 'g-linda',
      email: 'LINDA@example.com',
      email_verified: true,
      name: 'Linda G',
    });
    expect(flow.landing.pathname).toBe('/oauth-callback');
    const linked = (await currentUser(await tokenFor(flow))).json();
    expect(linked).toMatchObject({ id: account.userId, emailVerified: true });
    expect((await userBySub('g-linda'))?.id).toBe(account.userId);
    // Whoever set the password never proved the address was theirs: the password and the
    // sessions it opened end, and only the Google sign-in remains.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await currentUser(account.token)).statusCode).toBe(401);
  });

  it('does not link or create an account for an unverified email', async () => {
    const account = await signUp(t.app, 'Victim');
    const sessions = await sessionCount();
    const { landing } = await signInWithGoogle({
      sub: 'g-squatter',
      email: account.email,
      email_verified: false,
    });
    expect(landing.pathname).toBe('/oauth-callback');
    expect(landing.searchParams.get('error')).toBe('email_unverified');
    expect(landing.hash).toBe('');
    expect(await userBySub('g-squatter')).toBeUndefined();
    expect(await sessionCount()).toBe(sessions);
  });

  it('refuses to move an email already linked to another Google account', async () => {
    await signInWithGoogle({ sub: 'g-owner', email: 'owner@example.com', email_verified: true });
    const { landing } = await signInWithGoogle({
      sub: 'g-other',
      email: 'owner@example.com',
      email_verified: true,
    });
    expect(landing.searchParams.get('error')).toBe('account_conflict');
    expect(await userBySub('g-other')).toBeUndefined();
  });

  it('sends a suspended account back with account_suspended and opens no session', async () => {
    await signInWithGoogle({ sub: 'g-suspended', email: 'suspended@example.com', email_verified: true });
    await t.db
      .updateTable('users')
      .set({ suspended_at: new Date(), suspension_reason: 'Spam.' })
      .where('google_sub', '=', 'g-suspended')
      .execute();
    const sessions = await sessionCount();
    const { landing } = await signInWithGoogle({
      sub: 'g-suspended',
      email: 'suspended@example.com',
      email_verified: true,
    });
    expect(landing.searchParams.get('error')).toBe('account_suspended');
    expect(await sessionCount()).toBe(sessions);
  });

  it('makes usernames unique with digits, also for sign-ups racing each other', async () => {
    const names: string[] = [];
    for (const sub of ['g-sam-1', 'g-sam-2']) {
      const flow = await signInWithGoogle({ sub, email: `Sam@${sub}.example`, email_verified: true });
      names.push((await currentUser(await tokenFor(flow))).json().username);
    }
    expect(names).toEqual(['sam', 'sam2']);

    const flows = await Promise.all(
      ['g-kim-1', 'g-kim-2', 'g-kim-3'].map(async (sub) => {
        const { authorizeUrl, cookie } = await begin(t.app);
        return {
          cookie,
          path: await authorize(authorizeUrl, { sub, email: `kim@${sub}.example`, email_verified: true }),
        };
      }),
    );
    const results = await Promise.all(flows.map((f) => callback(f.path, f.cookie)));
    const raced = await Promise.all(
      results.map(async (res) => {
        const landing = new URL(String(res.headers.location), 'http://app.test');
        expect(landing.pathname).toBe('/setup-profile');
        const browserCookie = setCookieOf(res, 'pm_google_browser');
        return (await currentUser(await tokenFor({ landing, browserCookie }))).json().username as string;
      }),
    );
    expect(raced.sort()).toEqual(['kim', 'kim2', 'kim3']);
  });

  it('refuses a replayed callback (same state and code) without opening a session', async () => {
    const first = await signInWithGoogle({
      sub: 'g-replay',
      email: 'replay@example.com',
      email_verified: true,
    });
    expect(first.landing.pathname).toBe('/setup-profile');
    const sessions = await sessionCount();
    const replay = await callback(first.path, first.cookie);
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/oauth-callback?error=invalid_state');
    expect(String(replay.headers['set-cookie'])).toContain('Max-Age=0');
    expect(await sessionCount()).toBe(sessions);
  });

  it('refuses an ID token issued to another client (wrong audience)', async () => {
    const { landing } = await signInWithGoogle(
      { sub: 'g-aud', email: 'aud@example.com', email_verified: true },
      (payload) => {
        payload.aud = 'some-other-client';
      },
    );
    expect(landing.pathname).toBe('/oauth-callback');
    expect(landing.searchParams.get('error')).toBe('invalid_token');
    expect(await userBySub('g-aud')).toBeUndefined();
  });

  it('refuses an ID token with a nonce from another sign-in', async () => {
    const { landing } = await signInWithGoogle(
      { sub: 'g-nonce', email: 'nonce@example.com', email_verified: true },
      (payload) => {
        payload.nonce = 'a-nonce-from-another-sign-in';
      },
    );
    expect(landing.searchParams.get('error')).toBe('invalid_token');
    expect(await userBySub('g-nonce')).toBeUndefined();
  });

  it('refuses a callback without the state cookie or with another browser’s, leaving the real one usable', async () => {
    const identity = { sub: 'g-csrf', email: 'csrf@example.com', email_verified: true };
    const { authorizeUrl, cookie } = await begin(t.app);
    const path = await authorize(authorizeUrl, identity);
    const other = (await begin(t.app)).cookie;
    for (const wrong of [undefined, other, 'pm_google_state=forged']) {
      const res = await callback(path, wrong);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/oauth-callback?error=state_mismatch');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await userBySub('g-csrf')).toBeUndefined();
    const real = await callback(path, cookie);
    expect(String(real.headers.location)).toMatch(/^\/setup-profile#code=/);
  });

  it('refuses an expired state and passes on a provider error as a short code', async () => {
    const expired = await begin(t.app);
    const path = await authorize(expired.authorizeUrl, {
      sub: 'g-late',
      email: 'late@example.com',
      email_verified: true,
    });
    await t.db
      .updateTable('oauth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('state', '=', expired.authorizeUrl.searchParams.get('state')!)
      .execute();
    expect((await callback(path, expired.cookie)).headers.location).toBe(
      '/oauth-callback?error=invalid_state',
    );

    const denied = await begin(t.app);
    const state = denied.authorizeUrl.searchParams.get('state')!;
    const res = await callback(`/api/auth/google/callback?error=access_denied&state=${state}`, denied.cookie);
    expect(res.headers.location).toBe('/oauth-callback?error=access_denied');
    expect(await t.db.selectFrom('oauth_states').where('state', '=', state).selectAll().execute()).toEqual(
      [],
    );
  });

  const INVALID = {
    message: 'This Google sign-in has expired or was already used. Please sign in again.',
    code: 'GOOGLE_CODE_INVALID',
  };

  it('refuses a code exchanged a second time, opening no further session', async () => {
    const flow = await signInWithGoogle({ sub: 'g-twice', email: 'twice@example.com', email_verified: true });
    const first = await exchange(t.app, codeIn(flow.landing), flow.browserCookie);
    expect(first.statusCode).toBe(200);
    const sessions = await sessionCount();
    const again = await exchange(t.app, codeIn(flow.landing), flow.browserCookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect(await sessionCount()).toBe(sessions);
  });

  it('lets exactly one of two simultaneous exchanges of a code through', async () => {
    const flow = await signInWithGoogle({ sub: 'g-race', email: 'race@example.com', email_verified: true });
    const sessions = await sessionCount();
    const results = await Promise.all(
      [1, 2, 3].map(() => exchange(t.app, codeIn(flow.landing), flow.browserCookie)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await sessionCount()).toBe(sessions + 1);
  });

  it('signs nobody in with a code from another browser (login CSRF), and leaves it to its own browser', async () => {
    // The attacker signs in with their own Google account and sends the landing link to a victim.
    const attacker = await signInWithGoogle({
      sub: 'g-attacker',
      email: 'attacker@example.com',
      email_verified: true,
    });
    const attackerId = (await userBySub('g-attacker'))!.id;
    // The victim's browser holds its own sign-in cookie (or none at all).
    const victim = await signInWithGoogle({
      sub: 'g-victim',
      email: 'target@example.com',
      email_verified: true,
    });
    const sessions = await sessionCount();
    for (const cookie of [victim.browserCookie, undefined, 'pm_google_browser=forged']) {
      const res = await exchange(t.app, codeIn(attacker.landing), cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(INVALID);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionCount()).toBe(sessions);
    const attackerSessions = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', attackerId)
      .execute();
    expect(attackerSessions).toEqual([]);
    // Neither code was used up by the refused attempts.
    expect((await exchange(t.app, codeIn(victim.landing), victim.browserCookie)).json().user.username).toBe(
      'target',
    );
    expect((await exchange(t.app, codeIn(attacker.landing), attacker.browserCookie)).json().user.id).toBe(
      attackerId,
    );
  });

  it('refuses an expired code and an unknown one', async () => {
    const flow = await signInWithGoogle({ sub: 'g-slow', email: 'slow@example.com', email_verified: true });
    await t.db
      .updateTable('google_sign_in_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const sessions = await sessionCount();
    const late = await exchange(t.app, codeIn(flow.landing), flow.browserCookie);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(INVALID);
    const unknown = await exchange(t.app, 'A'.repeat(43), flow.browserCookie);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(INVALID);
    const empty = await exchange(t.app, '  ', flow.browserCookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    expect(await sessionCount()).toBe(sessions);
  });

  it('never puts a session token in a redirect: every Location is free of tokens', async () => {
    const identity = { sub: 'g-where', email: 'where@example.com', email_verified: true };
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const asNew = await signInWithGoogle(identity);
    const tokens = [await tokenFor(asNew)];
    await t.db
      .updateTable('users')
      .set({ profile_completed: true })
      .where('google_sub', '=', 'g-where')
      .execute();
    const returning = await signInWithGoogle(identity);
    tokens.push(await tokenFor(returning));
    const refused = await signInWithGoogle({
      sub: 'g-where-2',
      email: 'x@example.com',
      email_verified: false,
    });

    const locations = [start, asNew.res, returning.res, refused.res].map((r) => String(r.headers.location));
    expect(locations.slice(1).map((l) => new URL(l, 'http://app.test').pathname)).toEqual([
      '/setup-profile',
      '/oauth-callback',
      '/oauth-callback',
    ]);
    for (const location of locations) {
      expect(location).not.toMatch(/token/i);
      // A session token is a JWT, whose encoded header always starts with "eyJ".
      expect(location).not.toContain('eyJ');
      for (const token of tokens) expect(location).not.toContain(token);
    }
  });
});

describe(`Google sign-in logging`, () => {
  let provider: OAuth2Server;
  let logged: Awaited<ReturnType<typeof createLoggingApp>>;
  beforeAll(async () => {
    provider = await startProvider();
    logged = await createLoggingApp({ ...GOOGLE_ENV, OIDC_ISSUER: provider.issuer.url! });
  });
  afterAll(async () => {
    await logged.close();
    await provider.stop();
  });

  it('logs why a sign-in was refused, and never the code, state or token', async () => {
    const run = async (identity: Identity, tamper?: Tamper) => {
      const { authorizeUrl, cookie } = await begin(logged.app);
      const path = await authorize(authorizeUrl, identity, tamper);
      const res = await logged.app.inject({ method: 'GET', url: path, headers: { cookie } });
      return {
        path,
        location: String(res.headers.location),
        browserCookie: setCookieOf(res, 'pm_google_browser'),
      };
    };
    const ok = await run({ sub: 'g-log-ok', email: 'log-ok@example.com', email_verified: true });
    const refused = await run(
      { sub: 'g-log-bad', email: 'log-bad@example.com', email_verified: true },
      (p) => {
        p.nonce = 'not-the-nonce';
      },
    );
    expect(refused.location).toBe('/oauth-callback?error=invalid_token');

    const entries = logged.lines.map((line) => JSON.parse(line));
    const refusal = entries.find((e) => e.msg === 'google sign-in refused');
    expect(refusal).toMatchObject({ level: 40, reason: 'invalid_token' });
    expect(refusal.cause.cause).toContain('nonce');

    const secrets = [ok, refused].flatMap(({ path }) => {
      const q = new URL(path, 'http://x').searchParams;
      return [q.get('code')!, q.get('state')!];
    });
    const oneTimeCode = codeIn(new URL(ok.location, 'http://x'));
    const exchanged = await exchange(logged.app, oneTimeCode, ok.browserCookie);
    expect(exchanged.statusCode).toBe(200);
    expect((await exchange(logged.app, oneTimeCode, ok.browserCookie)).statusCode).toBe(400);
    secrets.push(oneTimeCode, ok.browserCookie!.split('=')[1]!, exchanged.json().token);
    secrets.push(GOOGLE_ENV.GOOGLE_CLIENT_SECRET);
    const allLogs = logged.lines.join('\n');
    for (const secret of secrets) expect(allLogs).not.toContain(secret);
  });
});

describe(`Google sign-in not configured or unreachable`, () => {
  it('answers 404 GOOGLE_DISABLED when Google is not configured', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'Google sign-in is not configured on this server.',
        code: 'GOOGLE_DISABLED',
      });
      const back = await plain.app.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
      expect(back.headers.location).toBe('/oauth-callback?error=google_disabled');
    } finally {
      await plain.close();
    }
  });

  it('redirects with an error when the provider is unreachable, and tries discovery again later', async () => {
    const port = await closedPort();
    const offline = await createTestApp({ ...GOOGLE_ENV, OIDC_ISSUER: `http://127.0.0.1:${port}` });
    try {
      const res = await offline.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/oauth-callback?error=provider_unavailable');
      expect(res.headers['set-cookie']).toBeUndefined();

      const lateProvider = await startProvider(port);
      try {
        const again = await offline.app.inject({ method: 'GET', url: '/api/auth/google' });
        expect(again.statusCode).toBe(302);
        expect(String(again.headers.location)).toMatch(
          new RegExp(`^http://127\\.0\\.0\\.1:${port}/authorize\\?`),
        );
      } finally {
        await lateProvider.stop();
      }
    } finally {
      await offline.close();
    }
  });
});
