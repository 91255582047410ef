import { AuthorizationResponseError, ResponseBodyError } from 'openid-client';

/**
 * Why a Google sign-in was refused. The value goes to the browser as `/oauth-callback?error=…`,
 * so it is a short fixed code, never provider text.
 */
export type GoogleFailure =
  | 'google_disabled'
  | 'provider_unavailable'
  | 'invalid_state'
  | 'state_mismatch'
  | 'access_denied'
  | 'provider_error'
  | 'exchange_failed'
  | 'invalid_token'
  | 'email_unverified'
  | 'account_conflict'
  | 'account_suspended'
  | 'busy';

export class GoogleSignInError extends Error {
  constructor(
    readonly reason: GoogleFailure,
    options?: { cause?: unknown },
  ) {
    super(`Google sign-in refused: ${reason}`, options);
    this.name = 'GoogleSignInError';
  }
}

/** Sorts a failed code exchange: the provider unreachable, the provider saying no, or a bad ID token. */
export function exchangeFailure(err: unknown): GoogleFailure {
  if (err instanceof ResponseBodyError) return 'exchange_failed';
  if (err instanceof AuthorizationResponseError) return 'provider_error';
  if (isNetworkFailure(err)) return 'provider_unavailable';
  return 'invalid_token';
}

function isNetworkFailure(err: unknown): boolean {
  if (err instanceof TypeError && err.message === 'fetch failed') return true;
  return err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

/**
 * What may be logged about an error: names, codes and messages (openid-client's messages and
 * their causes' messages name the check or the network call that failed, never a value). The
 * rest of an error object is left out: its cause, claims or response body can hold tokens,
 * codes or personal data.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { value: typeof err };
  const detail: Record<string, unknown> = { name: err.name, message: err.message };
  const { code, error } = err as { code?: unknown; error?: unknown };
  if (typeof code === 'string') detail.code = code;
  // ResponseBodyError: the OAuth error code the token endpoint answered, such as invalid_grant.
  if (typeof error === 'string') detail.error = error;
  const cause = err.cause;
  if (cause instanceof Error) {
    detail.cause = cause.message;
    const causeCode = (cause as { code?: unknown }).code;
    if (typeof causeCode === 'string') detail.causeCode = causeCode;
  }
  return detail;
}
