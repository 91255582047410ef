/** Exact powers of ten: 10^22 is the largest a double holds exactly. */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Below this a decimal mantissa times ten plus a digit still fits a double's 53 bits exactly. */
const MANTISSA_LIMIT = 9e14;
const ZERO = 0x30;
const DOT = 0x2e;
const PLUS = 0x2b;
const MINUS = 0x2d;

/**
 * The value of a decimal float token (`-1`, `.5`, `2.`, `1.5e-3`, `+4E2`) in `bytes[start, end)`,
 * or NaN when the token is not one. Words such as `nan`, `inf` or hexadecimal are not numbers here.
 *
 * Fast path: the digits become an integer mantissa and one multiplication or division by an exact
 * power of ten, which IEEE rounds correctly. Longer mantissas or large exponents go to
 * `Number()`, only after the syntax was checked here (Number() would also take `0x10` or `Infinity`).
 */
export function parseDecimal(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (i < end && (bytes[i] === MINUS || bytes[i] === PLUS)) {
    negative = bytes[i] === MINUS;
    i++;
  }
  let mantissa = 0;
  let scale = 0;
  let digits = 0;
  let exact = true;
  for (; i < end; i++) {
    const d = bytes[i]! - ZERO;
    if (d < 0 || d > 9) break;
    if (mantissa < MANTISSA_LIMIT) mantissa = mantissa * 10 + d;
    else exact = false;
    digits++;
  }
  if (i < end && bytes[i] === DOT) {
    for (i++; i < end; i++) {
      const d = bytes[i]! - ZERO;
      if (d < 0 || d > 9) break;
      if (mantissa < MANTISSA_LIMIT) {
        mantissa = mantissa * 10 + d;
        scale--;
      } else exact = false;
      digits++;
    }
  }
  if (digits === 0) return Number.NaN;
  if (i < end && (bytes[i]! | 0x20) === 0x65 /* e or E */) {
    i++;
    let exponentNegative = false;
    if (i < end && (bytes[i] === MINUS || bytes[i] === PLUS)) {
      exponentNegative = bytes[i] === MINUS;
      i++;
    }
    let exponent = 0;
    let exponentDigits = 0;
    for (; i < end; i++) {
      const d = bytes[i]! - ZERO;
      if (d < 0 || d > 9) break;
      // Beyond 10^400 every double is 0 or infinite anyway; capping keeps the sum a small integer.
      if (exponent < 100_000) exponent = exponent * 10 + d;
      exponentDigits++;
    }
    if (exponentDigits === 0) return Number.NaN;
    scale += exponentNegative ? -exponent : exponent;
  }
  if (i !== end) return Number.NaN;
  if (!exact || scale > 22 || scale < -22) {
    // Digits dropped from the mantissa (more than 15-16 significant) or an exponent without an
    // exact power of ten: let the engine's correctly rounding parser do it.
    return Number(String.fromCharCode(...bytes.subarray(start, end)));
  }
  const value = scale >= 0 ? mantissa * POW10[scale]! : mantissa / POW10[-scale]!;
  return negative ? -value : value;
}

/** Spellings of not-a-number and infinity that C libraries and exporters write (`nan`, `-inf`, `1.#IND`). */
export function isNonFiniteWord(bytes: Uint8Array, start: number, end: number): boolean {
  const text = String.fromCharCode(...bytes.subarray(start, Math.min(end, start + 32))).toLowerCase();
  return text.includes('nan') || text.includes('inf') || text.includes('#');
}
