/**
 * The address typed on the sign-in screen, handed to the forgot-password screen through the
 * navigation state so it need not be typed twice. Read defensively, as a notice is (notice.ts).
 */
export type EmailState = { email: string };

export function readEmail(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const { email } = state as { email?: unknown };
  return typeof email === 'string' ? email : '';
}
