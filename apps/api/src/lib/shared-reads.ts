/**
 * Work that everyone asking for the same thing at the same moment shares: while one is under way
 * for a key, later askers get its promise instead of starting another. Nothing is kept once it
 * settles, so an answer is always as fresh as work started during the asker's request; under a
 * burst for one thing (the first listing page, a design link shared widely) the burst costs one
 * piece of work, not one per request.
 */
export class SharedReads<T> {
  readonly #inFlight = new Map<string, Promise<T>>();

  read(key: string, work: () => Promise<T>): Promise<T> {
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = work().finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }
}
