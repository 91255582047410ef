const ZERO = 0x30;
const PLUS = 0x2b;
const MINUS = 0x2d;
const SLASH = 0x2f;

/**
 * The vertex reference of a face corner in `bytes[start, end)`, as written (1-based, or negative
 * counting back from the last vertex), or NaN when the word is no corner. A corner is `v`,
 * `v/vt`, `v//vn` or `v/vt/vn`; the texture and normal references are checked to be integers (or
 * absent) and otherwise ignored: we need positions only.
 */
export function parseCornerVertex(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (i < end && (bytes[i] === MINUS || bytes[i] === PLUS)) {
    negative = bytes[i] === MINUS;
    i++;
  }
  const digitsStart = i;
  // Words are at most 128 bytes: the value stays finite and, when large, is simply out of range.
  let value = 0;
  for (; i < end; i++) {
    const d = bytes[i]! - ZERO;
    if (d < 0 || d > 9) break;
    value = value * 10 + d;
  }
  if (i === digitsStart) return Number.NaN;
  for (let slashes = 0; i < end && slashes < 2; slashes++) {
    if (bytes[i] !== SLASH) return Number.NaN;
    i = optionalIntegerEnd(bytes, i + 1, end);
    if (i < 0) return Number.NaN;
  }
  if (i !== end) return Number.NaN;
  return negative ? -value : value;
}

/** Where an optional integer starting at `i` ends; -1 for a sign without digits. */
function optionalIntegerEnd(bytes: Uint8Array, i: number, end: number): number {
  const signed = i < end && (bytes[i] === MINUS || bytes[i] === PLUS);
  if (signed) i++;
  const digitsStart = i;
  while (i < end && bytes[i]! - ZERO >= 0 && bytes[i]! - ZERO <= 9) i++;
  return signed && i === digitsStart ? -1 : i;
}
