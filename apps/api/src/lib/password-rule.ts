type PasswordStrengthModule = typeof import('@printmarket/shared/password-strength');

let loading: Promise<PasswordStrengthModule> | undefined;

/**
 * The shared password rule, loaded on first use: zxcvbn's lists are a third of the server's code,
 * and loading them took about 150 ms of every start. The first password chosen after a start
 * waits for them instead.
 */
export const loadPasswordRule = (): Promise<PasswordStrengthModule> =>
  (loading ??= import('@printmarket/shared/password-strength'));

/** Why `password` may not be chosen, or null when it may (see weakPasswordProblem in shared). */
export async function weakPasswordProblem(password: string, personal: readonly string[]) {
  return (await loadPasswordRule()).weakPasswordProblem(password, personal);
}
