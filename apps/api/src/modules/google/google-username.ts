import { isReservedUsername } from '@printmarket/shared/auth';
import { USERNAME_MAX_LENGTH } from '@printmarket/shared/constants';

/** Used when neither the email nor the name has a single usable letter or digit. */
const FALLBACK_USERNAME = 'maker';

/**
 * The username a new Google account starts from: the email's local part, else the name, reduced to
 * ASCII letters and digits (the rule every username follows). Accents are dropped rather than the
 * whole letter, so "José" becomes "Jose" and not "Jos". A "+tag" sub-address is left out: it is
 * often a private filing label, not part of the person's name.
 */
export function usernameBase(email: string, name: string | undefined): string {
  const localPart = email.split('@')[0]?.split('+')[0] ?? '';
  for (const source of [localPart, name ?? '']) {
    const cleaned = lettersAndDigits(source).slice(0, USERNAME_MAX_LENGTH);
    if (cleaned) return cleaned;
  }
  return FALLBACK_USERNAME;
}

/** `base` with `suffix` appended, shortening `base` so the result still fits the length limit. */
export function withSuffix(base: string, suffix: string): string {
  return base.slice(0, USERNAME_MAX_LENGTH - suffix.length) + suffix;
}

/**
 * Every candidate `firstFreeUsername` can produce starts with this (suffixes stay under ten
 * digits), so the names taken under it are all it needs to know.
 */
export function usernamePrefix(base: string): string {
  return base.slice(0, USERNAME_MAX_LENGTH - 10);
}

/**
 * The first of base, base2, base3, ... that is not in `taken` (lower-cased names). Numbering
 * starts at 2 because "maker2" reads as "the second maker".
 */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base.toLowerCase()) && !isReservedUsername(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = withSuffix(base, String(n));
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function lettersAndDigits(text: string): string {
  return text.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '');
}
