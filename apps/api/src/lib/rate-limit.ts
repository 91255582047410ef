import { tooManyRequests } from './errors.ts';
import type { RateLimitRepo } from './rate-limit-repo.ts';

/**
 * Counts events per key in a fixed time window, in PostgreSQL: every API instance on the database
 * shares the counts, and a restart keeps them. Used to slow down password guessing and sign-up
 * floods. Each counter has its own name, so the same key ("ip:…") counts separately in each.
 */
export class WindowCounter {
  #lastPurge = 0;

  constructor(
    private readonly repo: RateLimitRepo,
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until the first limited of `keys` may act again, or 0 when none is limited. */
  async retryAfterMs(keys: string[]): Promise<number> {
    const waits = await this.repo.waits(this.name, keys, this.limit);
    return firstWait(keys, waits);
  }

  /**
   * Counts one hit on every key, unless one of them is at the limit: then nothing is counted and
   * the answer is the milliseconds to wait (else 0). Checking and counting are one step, so
   * parallel attempts cannot slip past the limit between them.
   */
  async take(keys: string[]): Promise<number> {
    await this.#purgeNowAndThen();
    const counts = await this.repo.take(this.name, keys, this.limit, this.windowMs);
    const refused = new Map(counts.filter((c) => c.hits > this.limit).map((c) => [c.key, c.waitMs]));
    if (refused.size === 0) return 0;
    // A refused attempt counts on none of its keys, as if it had been turned away before counting.
    const counted = counts.filter((c) => c.hits <= this.limit).map((c) => c.key);
    await this.repo.forgive(this.name, counted, this.limit);
    return firstWait(keys, refused);
  }

  /** Takes back one hit, e.g. an attempt counted in advance that turned out fine. */
  forgive(key: string): Promise<void> {
    return this.repo.forgive(this.name, [key], this.limit);
  }

  reset(key: string): Promise<void> {
    return this.repo.reset(this.name, key);
  }

  /** Once a window, this instance deletes the counter's ended windows (any instance may). */
  async #purgeNowAndThen() {
    const now = Date.now();
    if (now - this.#lastPurge < this.windowMs) return;
    this.#lastPurge = now;
    await this.repo.deleteExpired(this.name);
  }
}

/** The wait of the first limited key in the order asked, so the answer does not depend on SQL order. */
function firstWait(keys: string[], waits: Map<string, number>): number {
  for (const key of keys) {
    const wait = waits.get(key);
    if (wait !== undefined && wait > 0) return wait;
  }
  return 0;
}

/** The 429 of a limited attempt: `what` happened too often, and how long to wait (nothing when 0). */
export function refuseWhileLimited(waitMs: number, what: string): void {
  if (waitMs > 0) throw tooManyRequests(`${what} Please try again in ${minutesText(waitMs)}.`);
}

export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
