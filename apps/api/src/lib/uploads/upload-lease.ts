import { randomUUID } from 'node:crypto';
import type { FileStore } from '../storage/file-store.ts';

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

/**
 * Runs `work`, which stores files and then commits the rows naming them, holding a lease on every
 * key it adds. When `work` throws, the keys it stored are deleted before the lease is given up (what
 * cannot be deleted now is swept later: no row and no lease holds it); the lease is given up
 * however `work` ends.
 */
export async function storeUnderLease<T>(
  store: UploadLeaseStore,
  files: Pick<FileStore, 'delete'>,
  work: (lease: UploadLease) => Promise<T>,
): Promise<T> {
  const lease = new UploadLease(store);
  try {
    return await work(lease);
  } catch (err) {
    await Promise.all(lease.keys.map((key) => files.delete(key).catch(() => {})));
    throw err;
  } finally {
    await lease.end();
  }
}
