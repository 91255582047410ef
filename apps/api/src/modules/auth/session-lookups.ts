import type { AccountRow } from '../../db/account-columns.ts';

/** A live session's row: its id and its user's account. */
export type LiveSessionRow = AccountRow & { session_id: string };

type Waiter = {
  sessionId: string;
  userId: string;
  resolve: (account: AccountRow | undefined) => void;
  reject: (err: unknown) => void;
};

/** Enough for a busy server's turn of the event loop; a longer list starts a second statement. */
const MAX_BATCH = 200;

/**
 * Session checks asked for during one turn of the event loop are answered by one statement: every
 * signed-in request checks its session row, and under load one round trip for a batch costs the
 * server and the database a fraction of one per request.
 *
 * Nothing is kept between batches: each check is answered by a statement sent after it was asked
 * for, so a logout or a session ended by another instance is seen by every later request.
 */
export class SessionLookups {
  #pending: Waiter[] = [];

  constructor(private readonly findLiveSessions: (sessionIds: string[]) => Promise<LiveSessionRow[]>) {}

  /** The account of session `sessionId`, if it is live and belongs to `userId`. */
  account(sessionId: string, userId: string): Promise<AccountRow | undefined> {
    return new Promise((resolve, reject) => {
      // setImmediate runs after the I/O callbacks of this turn: every request read in it has asked by then.
      if (this.#pending.length === 0) setImmediate(() => this.#send());
      this.#pending.push({ sessionId, userId, resolve, reject });
      if (this.#pending.length >= MAX_BATCH) this.#send();
    });
  }

  async #send(): Promise<void> {
    const batch = this.#pending;
    if (batch.length === 0) return;
    this.#pending = [];
    try {
      const rows = await this.findLiveSessions([...new Set(batch.map((w) => w.sessionId))]);
      const bySession = new Map(rows.map(({ session_id, ...account }) => [session_id, account]));
      for (const waiter of batch) {
        const account = bySession.get(waiter.sessionId);
        waiter.resolve(account?.id === waiter.userId ? account : undefined);
      }
    } catch (err) {
      for (const waiter of batch) waiter.reject(err);
    }
  }
}
