/**
 * Counts events per key in a fixed time window, in memory. Used to slow down password guessing
 * and sign-up floods. One process holds the counts; several API processes behind a load
 * balancer would each allow the limit (see docs/operations.md).
 */
export class WindowCounter {
  #hits = new Map<string, { count: number; resetAt: number }>();
  #lastPurge = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the key may act again, or 0 when it is under the limit. */
  retryAfterMs(key: string): number {
    const entry = this.#current(key);
    return entry && entry.count >= this.limit ? entry.resetAt - this.now() : 0;
  }

  hit(key: string): void {
    this.#purge();
    const entry = this.#current(key);
    if (entry) entry.count += 1;
    else this.#hits.set(key, { count: 1, resetAt: this.now() + this.windowMs });
  }

  /** Takes back one hit, e.g. an attempt counted in advance that turned out fine. */
  forgive(key: string): void {
    const entry = this.#current(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  #current(key: string) {
    const entry = this.#hits.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.#hits.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops expired entries now and then so the map cannot grow without bound. */
  #purge() {
    const now = this.now();
    if (now - this.#lastPurge < this.windowMs) return;
    this.#lastPurge = now;
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
