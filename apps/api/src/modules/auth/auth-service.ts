import { ACCOUNT_SUSPENDED } from '@printmarket/shared/admin';
import type { LoginInput, RegisterInput } from '@printmarket/shared/auth';
import type { AccountRow } from '../../db/account-columns.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Operators } from '../../lib/operators.ts';
import { weakPasswordProblem } from '../../lib/password-rule.ts';
import { refuseWhileLimited, type WindowCounter } from '../../lib/rate-limit.ts';
import type { AuthRepo } from './auth-repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { SessionLookups } from './session-lookups.ts';
import type { TokenService } from './tokens.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password.';

export class AuthService {
  readonly #sessions: SessionLookups;

  constructor(
    private readonly repo: AuthRepo,
    private readonly tokens: TokenService,
    private readonly loginFailures: WindowCounter,
    private readonly signUps: WindowCounter,
    /** Mails the new account the link that confirms its address. */
    private readonly afterSignUp: (userId: string) => Promise<void>,
    private readonly operators: Operators,
  ) {
    this.#sessions = new SessionLookups((ids) => repo.findLiveSessions(ids));
  }

  async register(input: Required<RegisterInput>, clientIp: string) {
    await this.#countOrRefuse(this.signUps, [`ip:${clientIp}`], 'Too many sign-ups from your network.');
    const weak = await weakPasswordProblem(input.password, [input.username, input.name, input.email]);
    if (weak) throw badRequest(weak, 'WEAK_PASSWORD');
    const taken = await this.repo.findTaken(input.username, input.email);
    if (taken.username) throw conflict('That username is already taken.', 'USERNAME_TAKEN');
    if (taken.email) throw conflict('An account with that email already exists.', 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.repo.createUser({ ...input, passwordHash });
      await this.afterSignUp(user.id);
      return { userId: user.id, token: await this.startSession(user.id) };
    } catch (err) {
      // Two sign-ups racing for the same name: the unique index decides.
      const constraint = uniqueViolation(err);
      if (constraint === undefined) throw err;
      if (constraint.includes('email'))
        throw conflict('An account with that email already exists.', 'EMAIL_TAKEN');
      throw conflict('That username is already taken.', 'USERNAME_TAKEN');
    }
  }

  /**
   * Failed attempts are counted per address and per email. Past the limit every attempt gets the
   * same 429, whether the email exists or not, so the limit cannot be used to discover accounts.
   */
  async login(input: Required<LoginInput>, clientIp: string) {
    const keys = [`ip:${clientIp}`, `email:${input.email}`];
    // Counted before the slow password check, so a burst of parallel guesses meets the limit too.
    await this.#countOrRefuse(this.loginFailures, keys, 'Too many failed sign-in attempts.');
    const account = await this.repo.findCredentialsByEmail(input.email);
    const ok = await verifyPassword(account?.password_hash ?? null, input.password);
    if (!account || !ok) throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    await this.loginFailures.forgive(`ip:${clientIp}`);
    await this.loginFailures.reset(`email:${input.email}`);
    return { userId: account.id, token: await this.startSession(account.id) };
  }

  /**
   * Creates a session row and the token that names it; 403 for a suspended account (every way of
   * signing in comes here, and a password is checked before, so only its owner learns of it).
   */
  async startSession(userId: string): Promise<string> {
    const expiresAt = new Date(Date.now() + this.tokens.ttlSeconds * 1000);
    const session = await this.repo.createSession(userId, expiresAt);
    if (!session) throw forbidden(ACCOUNT_SUSPENDED, 'ACCOUNT_SUSPENDED');
    return this.tokens.sign({ userId, sessionId: session.id }, expiresAt);
  }

  async logout(viewer: Viewer): Promise<void> {
    await this.repo.deleteSession(viewer.sessionId);
  }

  /** Sessions past their expiry can never be used again; their rows are removed. */
  purgeExpiredSessions(): Promise<void> {
    return this.repo.deleteExpiredSessions();
  }

  /** The viewer a token stands for, if its signature is good and its session is still open. */
  async authenticate(token: string): Promise<Viewer | null> {
    const claims = this.#claims(token);
    if (!claims) return null;
    const user = await this.#sessions.account(claims.sessionId, claims.userId);
    if (!user) return null;
    return {
      id: user.id,
      username: user.username,
      sessionId: claims.sessionId,
      isOperator: this.operators.isOperator(user),
    };
  }

  /** The account a token stands for, on the same terms: the session check every page makes. */
  async account(token: string): Promise<AccountRow | null> {
    const claims = this.#claims(token);
    if (!claims) return null;
    return (await this.#sessions.account(claims.sessionId, claims.userId)) ?? null;
  }

  #claims(token: string) {
    const claims = this.tokens.verify(token);
    return claims && isUuid(claims.userId) && isUuid(claims.sessionId) ? claims : null;
  }

  /** Counts the attempt on every key, or refuses it with 429 while any key is at its limit. */
  async #countOrRefuse(counter: WindowCounter, keys: string[], what: string) {
    refuseWhileLimited(await counter.take(keys), what);
  }
}
