import type { PackageLimits } from './package-limits.ts';
import { refusal } from './refusal.ts';

/**
 * Counts the bytes inflated from a package against PackageLimits: an absolute amount, and a
 * ratio to the package bytes read so far. The ratio is checked by the ZIP reader at fixed places
 * (every so many compressed bytes of an entry, and its end), so a bomb is refused at the same
 * byte whatever the chunks the package arrived in.
 */
export class InflateBudget {
  readonly #limits: PackageLimits;
  #inflated = 0;

  constructor(limits: PackageLimits) {
    this.#limits = limits;
  }

  /** How many more bytes may be inflated. */
  get room(): number {
    return this.#limits.maxInflatedBytes - this.#inflated;
  }

  /** Counts `count` bytes (at most `room`: the caller refuses beyond it). */
  spend(count: number): void {
    this.#inflated += count;
  }

  /** Refuses when more was inflated than the ratio allows for `packageBytes` read. */
  checkRatio(packageBytes: number): void {
    const { maxCompressionRatio, ratioAllowanceBytes } = this.#limits;
    if (this.#inflated > maxCompressionRatio * packageBytes + ratioAllowanceBytes) throw refusal('too-large');
  }
}
