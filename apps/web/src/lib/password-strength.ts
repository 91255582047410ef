import { useEffect, useMemo, useState } from 'react';

type StrengthRule = typeof import('@printmarket/shared/password-strength');

let loading: Promise<StrengthRule> | undefined;

/**
 * The password strength rule with its dictionary of common passwords: a chunk of its own (about
 * 200 KB gzipped), fetched only by the screens where a password is chosen, never with the first
 * page. A failed fetch (offline) is forgotten, so the next call tries again.
 */
export function loadPasswordStrength(): Promise<StrengthRule> {
  if (!loading) {
    const pending = import('@printmarket/shared/password-strength');
    loading = pending;
    pending.catch(() => {
      if (loading === pending) loading = undefined;
    });
  }
  return loading;
}

/**
 * The rule's verdict before a form is sent, so a weak password is marked on its field at once. Null
 * when the rule cannot be fetched: the server checks every password anyway.
 */
export async function weakPasswordProblem(
  password: string,
  personal: readonly string[],
): Promise<string | null> {
  try {
    return (await loadPasswordStrength()).weakPasswordProblem(password, personal);
  } catch {
    return null;
  }
}

/**
 * The strength of `password` as it is typed: 'loading' until the rule has arrived (its download
 * starts when the screen opens), null for an empty password. `personal`: the person's username,
 * name and email, which a password must not be built from.
 */
export function usePasswordStrength(password: string, personal: readonly string[]) {
  const [rule, setRule] = useState<StrengthRule | null>(null);
  useEffect(() => {
    let current = true;
    loadPasswordStrength().then(
      (loaded) => current && setRule(loaded),
      () => {
        // The meter stays at 'loading'; the server still checks the password.
      },
    );
    return () => {
      current = false;
    };
  }, []);
  const personalKey = personal.join('\n');
  return useMemo(() => {
    if (password === '') return null;
    if (!rule) return 'loading' as const;
    return rule.passwordStrength(password, personalKey.split('\n'));
  }, [password, personalKey, rule]);
}
