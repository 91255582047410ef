import { Inflate } from 'fflate';
import { refusal } from './refusal.ts';

const EMPTY: Uint8Array = new Uint8Array(0);

/**
 * What fflate's streaming Inflate keeps between calls (its fields are private and minified):
 * `s.f` is set once the final block has started, `s.l` holds the current block's code table until
 * the block's end, `s.p` is the bit position in `p`, the input not yet consumed.
 */
type InflateInternals = { s: { f?: number; l?: unknown; p?: number }; p: Uint8Array };

/**
 * Inflates one raw DEFLATE stream fed in pieces, and tells where it ends. fflate's public API
 * only inflates what it is given; a ZIP entry written with a data descriptor has no size before
 * its data, so the only way to find the descriptor (and the next entry) is the end of the DEFLATE
 * stream itself, which fflate knows but does not say. We read it from its state, checked when
 * the inflater is made, so a release of fflate that changes it fails the tests rather than files.
 *
 * One call inflates all it is given at once (up to 1032 times as many bytes): callers keep pieces
 * small. Anything fflate throws (a damaged stream) is `unreadable`.
 */
export class RawInflater {
  readonly #inflate: Inflate;
  readonly #internals: InflateInternals;
  #output = EMPTY;
  /** Whether the stream's final block has ended. */
  ended = false;
  /** Once ended: the bytes of the last piece after the stream's end. */
  rest = EMPTY;

  constructor() {
    this.#inflate = new Inflate((data) => {
      this.#output = data;
    });
    this.#internals = this.#inflate as unknown as InflateInternals;
    if (typeof this.#internals.s !== 'object' || !(this.#internals.p instanceof Uint8Array)) {
      throw new Error('fflate Inflate no longer keeps the state RawInflater reads');
    }
  }

  /** Inflates the next piece of the stream (never called once it ended); returns its output. */
  push(piece: Uint8Array): Uint8Array {
    this.#output = EMPTY;
    try {
      this.#inflate.push(piece, false);
    } catch {
      throw refusal('unreadable');
    }
    const state = this.#internals.s;
    if (state.f && !state.l) {
      this.ended = true;
      // The input left starts at the byte holding the next bit: that byte is padding of the
      // final block when the stream ended inside it.
      const left = this.#internals.p;
      this.rest = left.subarray((state.p ?? 0) > 0 ? 1 : 0);
    }
    return this.#output;
  }
}
