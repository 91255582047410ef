import { formatShortDate } from '@printmarket/shared/en-format';

/** A date of the console, 'Mar 4, 2026', with the exact time the server gave as its machine value. */
export function ShortDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatShortDate(new Date(iso))}</time>;
}
