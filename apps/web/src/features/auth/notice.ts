/**
 * A short message one screen hands to the next through the navigation state, e.g. the Google
 * callback telling the sign-in screen why it is shown. Read defensively: history state can hold
 * anything (another version of the app, another page).
 */
export type NoticeState = { notice: string };

export function readNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice } = state as { notice?: unknown };
  return typeof notice === 'string' && notice.trim() !== '' ? notice : null;
}
