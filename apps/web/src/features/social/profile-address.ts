import { paths } from '@/lib/paths.ts';
/** The address of a person's public profile. */
export function profilePath(username: string): string {
  return paths.profile(username);
}

/**
 * Where the browser should be when the profile asked for as `requested` belongs to `actual`:
 * under the person's current username (an old one was asked for, or other capitals), keeping the
 * tab and sort in the query. Null when the address is already right.
 */
export function canonicalProfileAddress(
  requested: string,
  actual: string,
  location: { search: string; hash: string },
): string | null {
  if (requested === actual) return null;
  return `${profilePath(actual)}${location.search}${location.hash}`;
}
