import { isNonFiniteWord, parseDecimal } from '../parse-number.ts';
import { refusal } from './refusal.ts';
import { isXmlSpace } from './xml-tag.ts';

/**
 * A 3MF transform: 12 numbers "m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32", the first three
 * columns of a 4x4 matrix whose last column is (0 0 0 1), applied to a row vector:
 * [x' y' z' 1] = [x y z 1] * M. So x' = x m00 + y m10 + z m20 + m30, and so on; the last row
 * (m30 m31 m32) is the translation.
 */
export type AffineTransform = Float64Array;

export const TRANSFORM_NUMBERS = 12;

export const IDENTITY: AffineTransform = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);

/**
 * The transform written in `bytes[start, end)`, its translation converted to millimetres by
 * `unitScale` (the rotation and scale part has no unit); null for the identity, so the common
 * case costs nothing when placing. Anything but 12 numbers is `unreadable`, a NaN or infinite one
 * `invalid-coordinates`.
 */
export function parseTransform(bytes: Uint8Array, start: number, end: number, unitScale: number) {
  const m = new Float64Array(TRANSFORM_NUMBERS);
  let count = 0;
  let i = start;
  for (;;) {
    while (i < end && isXmlSpace(bytes[i]!)) i++;
    if (i === end) break;
    const tokenStart = i;
    while (i < end && !isXmlSpace(bytes[i]!)) i++;
    if (count === TRANSFORM_NUMBERS) throw refusal('unreadable');
    const value = parseDecimal(bytes, tokenStart, i);
    if (Number.isNaN(value)) {
      throw refusal(isNonFiniteWord(bytes, tokenStart, i) ? 'invalid-coordinates' : 'unreadable');
    }
    if (!Number.isFinite(value)) throw refusal('invalid-coordinates');
    m[count++] = value;
  }
  if (count !== TRANSFORM_NUMBERS) throw refusal('unreadable');
  m[9]! *= unitScale;
  m[10]! *= unitScale;
  m[11]! *= unitScale;
  return isIdentity(m) ? null : m;
}

function isIdentity(m: AffineTransform): boolean {
  return m.every((value, i) => value === IDENTITY[i]);
}

/**
 * `inner` then `outer`: where a component placed by `inner` inside an object ends up when that
 * object is placed by `outer` ([x 1] * inner * outer), written into `out`.
 */
export function compose(inner: AffineTransform, outer: AffineTransform, out: AffineTransform): void {
  for (let row = 0; row < 4; row++) {
    const a = inner[row * 3]!;
    const b = inner[row * 3 + 1]!;
    const c = inner[row * 3 + 2]!;
    for (let col = 0; col < 3; col++) {
      const translation = row === 3 ? outer[9 + col]! : 0;
      out[row * 3 + col] = a * outer[col]! + b * outer[3 + col]! + c * outer[6 + col]! + translation;
    }
  }
}

/** Negative for a transform that mirrors: triangles placed by it are wound the other way round. */
export function determinant(m: AffineTransform): number {
  return (
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!)
  );
}
