import { refusal } from './refusal.ts';

const AMP = 0x26;
const SEMICOLON = 0x3b;
const HASH = 0x23;
const LOWER_X = 0x78;
/** Longest reference read (between `&` and `;`): `#1114111` needs 8; leading zeros may add a few. */
const MAX_REFERENCE = 12;

/** The five entities XML predefines: the only named ones a document without a DOCTYPE may use. */
const PREDEFINED: Record<string, number> = { amp: 0x26, lt: 0x3c, gt: 0x3e, quot: 0x22, apos: 0x27 };

/**
 * An attribute value with its references replaced: the five predefined entities and numeric
 * character references (written as UTF-8). Nothing else is ever expanded: a document has no other
 * entities (a DOCTYPE, where they would be declared, is refused), so any other name is an error.
 */
export function decodeAttributeValue(value: Uint8Array): Uint8Array {
  // A reference is never shorter than what it stands for (4 UTF-8 bytes need 8 characters).
  const out = new Uint8Array(value.length);
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const b = value[i]!;
    if (b !== AMP) {
      out[length++] = b;
      continue;
    }
    let end = i + 1;
    while (end < value.length && end - i <= MAX_REFERENCE && value[end] !== SEMICOLON) end++;
    if (value[end] !== SEMICOLON) throw refusal('unreadable');
    length = writeUtf8(out, length, referencedCodePoint(value, i + 1, end));
    i = end;
  }
  return out.subarray(0, length);
}

/** The code point `&...;` stands for, given what is between `&` and `;`. */
function referencedCodePoint(value: Uint8Array, start: number, end: number): number {
  if (value[start] !== HASH) {
    const named = PREDEFINED[String.fromCharCode(...value.subarray(start, end))];
    if (named === undefined) throw refusal('unreadable');
    return named;
  }
  const hex = value[start + 1] === LOWER_X;
  const digits = String.fromCharCode(...value.subarray(start + (hex ? 2 : 1), end));
  const valid = hex ? /^[0-9a-fA-F]+$/.test(digits) : /^[0-9]+$/.test(digits);
  const code = valid ? Number.parseInt(digits, hex ? 16 : 10) : -1;
  // XML allows tab, newline, carriage return and everything from space up, but no surrogates.
  const allowed =
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  if (!allowed) throw refusal('unreadable');
  return code;
}

function writeUtf8(out: Uint8Array, at: number, code: number): number {
  if (code < 0x80) {
    out[at] = code;
    return at + 1;
  }
  if (code < 0x800) {
    out[at] = 0xc0 | (code >> 6);
    out[at + 1] = 0x80 | (code & 0x3f);
    return at + 2;
  }
  if (code < 0x10000) {
    out[at] = 0xe0 | (code >> 12);
    out[at + 1] = 0x80 | ((code >> 6) & 0x3f);
    out[at + 2] = 0x80 | (code & 0x3f);
    return at + 3;
  }
  out[at] = 0xf0 | (code >> 18);
  out[at + 1] = 0x80 | ((code >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((code >> 6) & 0x3f);
  out[at + 3] = 0x80 | (code & 0x3f);
  return at + 4;
}
