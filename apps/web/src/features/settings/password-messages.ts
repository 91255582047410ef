import type { ChangePasswordResponse } from '@printmarket/shared/password-change';

/** What the Security tab says after a change: the server's words and who else was signed out. */
export function passwordChangedText(result: ChangePasswordResponse): string {
  const others = result.otherSessionsEnded;
  if (others <= 0) return result.message;
  const ended = others === 1 ? 'Your 1 other session was' : `Your ${others} other sessions were`;
  return `${result.message} ${ended} signed out; this one stays signed in.`;
}
