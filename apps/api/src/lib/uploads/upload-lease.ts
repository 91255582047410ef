import { randomUUID } from 'node:crypto';

/** Where leases are kept (the pending_uploads table), and how long one lasts unrenewed. */
export interface UploadLeaseStore {
  readonly leaseMs: number;
  record(id: string, keys: string[]): Promise<void>;
  release(id: string): Promise<void>;
}

/**
 * The keys one request or job is storing, announced before each write so that the leftovers sweep
 * on any instance leaves them alone, and renewed every third of the lease while a long write runs.
 * `end` (after the commit, or after the failed keys were deleted) gives the lease up; a process
 * that stops without it leaves a lease that simply runs out.
 */
export class UploadLease {
  readonly keys: string[] = [];
  readonly #id = randomUUID();
  #renewal: NodeJS.Timeout | undefined;
  #renewing: Promise<void> = Promise.resolve();

  constructor(private readonly store: UploadLeaseStore) {}

  /** Records `keys` under the lease; call it before writing them. */
  async add(...keys: string[]): Promise<void> {
    this.keys.push(...keys);
    await this.store.record(this.#id, keys);
    this.#renewal ??= setInterval(() => {
      this.#renewing = this.store.record(this.#id, []).catch(() => {});
    }, this.store.leaseMs / 3).unref();
  }

  async end(): Promise<void> {
    clearInterval(this.#renewal);
    await this.#renewing;
    if (this.keys.length > 0) await this.store.release(this.#id);
  }
}

/** Runs `work` holding a lease for the keys it stores, given up however `work` ends. */
export async function underLease<T>(
  store: UploadLeaseStore,
  work: (lease: UploadLease) => Promise<T>,
): Promise<T> {
  const lease = new UploadLease(store);
  try {
    return await work(lease);
  } finally {
    await lease.end();
  }
}
