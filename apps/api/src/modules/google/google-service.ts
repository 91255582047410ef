import { createHash, randomBytes } from 'node:crypto';
import { NAME_MAX_LENGTH } from '@printmarket/shared/constants';
import { uniqueViolation } from '../../db/errors.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { GoogleIdentity, GoogleOidcClient } from './google-client.ts';
import { exchangeFailure, GoogleSignInError } from './google-errors.ts';
import type { GoogleRepo } from './google-repo.ts';
import { firstFreeUsername, usernameBase, usernamePrefix } from './google-username.ts';

/** How long a started sign-in may take to come back from Google. */
export const SIGN_IN_TTL_SECONDS = 10 * 60;
/** How long the web app has to exchange the callback's one-time code: one page load. */
export const CODE_TTL_SECONDS = 60;
export const INVALID_SIGN_IN_CODE =
  'This Google sign-in has expired or was already used. Please sign in again.';
/** Rounds of "look up, then link or create" before giving up on a busy account. */
const MAX_ACCOUNT_ATTEMPTS = 5;

type SignedInAccount = { id: string; isNew: boolean; profileCompleted: boolean };

/** Google sign-in (OIDC authorization code flow with state, PKCE and nonce) and account matching. */
export class GoogleSignInService {
  constructor(
    private readonly client: GoogleOidcClient,
    private readonly repo: GoogleRepo,
    private readonly auth: Pick<AuthService, 'startSession'>,
  ) {}

  /** Records a new pending sign-in and says where to send the browser. */
  async start(): Promise<{ state: string; authorizationUrl: string }> {
    await this.#discover();
    const checks = this.client.newChecks();
    await this.repo.deleteExpiredPendingSignIns();
    await this.repo.savePendingSignIn(checks.state, {
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce,
      expiresAt: new Date(Date.now() + SIGN_IN_TTL_SECONDS * 1000),
    });
    return { state: checks.state, authorizationUrl: await this.client.authorizationUrl(checks) };
  }

  /**
   * Completes a sign-in from the callback's raw query string and the state cookie of the browser
   * that arrived with it. Refuses with a GoogleSignInError. No session is opened yet: the browser
   * gets a one-time code and a browser key (for a cookie), which `exchange` turns into a session
   * only when they come back together. A session token in an address would stay in the history
   * and could be handed to someone else's browser (login CSRF).
   */
  async finish(callback: { query: string; browserState: string | undefined }) {
    const params = new URLSearchParams(callback.query);
    const state = params.get('state');
    if (!state) throw new GoogleSignInError('invalid_state');
    // The cookie proves this browser started this sign-in; without it an attacker could make a
    // victim's browser finish the attacker's sign-in (login CSRF).
    if (callback.browserState !== state) throw new GoogleSignInError('state_mismatch');
    const pending = await this.repo.takePendingSignIn(state);
    if (!pending || pending.expiresAt.getTime() <= Date.now()) throw new GoogleSignInError('invalid_state');
    const providerError = params.get('error');
    if (providerError !== null) {
      throw new GoogleSignInError(providerError === 'access_denied' ? 'access_denied' : 'provider_error');
    }

    await this.#discover();
    let identity: GoogleIdentity;
    try {
      identity = await this.client.exchangeCode(callback.query, {
        state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (err) {
      throw new GoogleSignInError(exchangeFailure(err), { cause: err });
    }
    const account = await this.#findOrCreateAccount(identity);
    // Told here, where the browser can still be sent to a page that says why; the session itself
    // is refused again when the code is exchanged.
    if (await this.repo.isSuspended(account.id)) throw new GoogleSignInError('account_suspended');
    const code = randomSecret();
    const browserKey = randomSecret();
    await this.repo.deleteExpiredSignInCodes();
    await this.repo.saveSignInCode({
      codeHash: sha256(code),
      browserKeyHash: sha256(browserKey),
      userId: account.id,
      isNew: account.isNew,
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    return { code, browserKey, needsProfile: account.isNew || !account.profileCompleted };
  }

  /**
   * Opens the session for a one-time code from `finish`, presented with the browser key issued
   * beside it. Any mismatch is the same 400: an unknown, used or expired code, or a code from
   * another browser (which stays usable by its own browser until it expires).
   */
  async exchange(code: string, browserKey: string | undefined) {
    const taken = browserKey && (await this.repo.takeSignInCode(sha256(code), sha256(browserKey)));
    if (!taken || taken.expiresAt.getTime() <= Date.now())
      throw badRequest(INVALID_SIGN_IN_CODE, 'GOOGLE_CODE_INVALID');
    return { userId: taken.userId, isNew: taken.isNew, token: await this.auth.startSession(taken.userId) };
  }

  async #discover() {
    try {
      await this.client.discover();
    } catch (err) {
      throw new GoogleSignInError('provider_unavailable', { cause: err });
    }
  }

  /**
   * The account of this Google subject; else the account with the same verified email, which
   * gets linked; else a new account. Unique indexes settle races with a parallel sign-in or
   * sign-up: on a violation the lookup starts over and finds what the other request wrote.
   */
  async #findOrCreateAccount(identity: GoogleIdentity): Promise<SignedInAccount> {
    for (let attempt = 0; attempt < MAX_ACCOUNT_ATTEMPTS; attempt++) {
      const bySub = await this.repo.findByGoogleSub(identity.sub);
      if (bySub) return { id: bySub.id, isNew: false, profileCompleted: bySub.profileCompleted };
      // Only an address Google has verified may claim an existing account, and a new account
      // must not hold an address its owner could not then register or link.
      if (!identity.email || !identity.emailVerified) throw new GoogleSignInError('email_unverified');
      const email = identity.email.trim().toLowerCase();

      const byEmail = await this.repo.findByEmail(email);
      if (byEmail) {
        // Already linked to another Google account: taking it over by email would be wrong.
        if (byEmail.googleSub !== null) throw new GoogleSignInError('account_conflict');
        const linked = await unlessUniqueViolation(() => this.repo.linkGoogleSub(byEmail.id, identity.sub));
        if (linked) return { id: linked.id, isNew: false, profileCompleted: linked.profileCompleted };
        continue;
      }

      const created = await unlessUniqueViolation(() => this.#createAccount(identity, email));
      if (created) return { id: created.id, isNew: true, profileCompleted: false };
    }
    throw new GoogleSignInError('busy');
  }

  async #createAccount(identity: GoogleIdentity, email: string) {
    const base = usernameBase(email, identity.name);
    const username = firstFreeUsername(base, await this.repo.usernamesStartingWith(usernamePrefix(base)));
    const name = identity.name?.trim().slice(0, NAME_MAX_LENGTH) || username;
    return this.repo.createGoogleUser({ username, name, email, googleSub: identity.sub });
  }
}

/** 256 random bits, URL-safe. */
function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Codes and keys are stored hashed: a copy of the table cannot be exchanged for sessions. */
function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The result, or undefined when a unique index refused the write (someone else got there first). */
async function unlessUniqueViolation<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === undefined) throw err;
    return undefined;
  }
}
