import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { translations } from '@zxcvbn-ts/language-en';

/**
 * How easy a new password is to guess, estimated by zxcvbn: its list of the most used passwords,
 * keyboard patterns, repeats, sequences, dates and l33t spellings, plus the person's own name,
 * username and email. The same rule runs in the browser (the meter, a first check) and on the
 * server, which decides. Heavy (the password list is about 200 KB gzipped): the web app loads
 * this module lazily, only on the screens where a password is chosen.
 *
 * English words, names and Wikipedia lists are left out: the aim is to refuse the passwords
 * attackers try first, and they would triple what the sign-up screen downloads.
 */

/**
 * zxcvbn scores 0 to 4; below 2 means fewer than about 10^6 guesses. Every password on the
 * common list is found in at most a few tens of thousands of guesses, so all of them score 0 or 1:
 * the score alone also refuses the list.
 */
export const MIN_PASSWORD_SCORE = 2;

export const WEAK_PASSWORD =
  'This password is too easy to guess. Try a longer one, or a few unrelated words.';

export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/**
 * Only the first characters are estimated: zxcvbn's matching grows faster than the length, and
 * a long password that starts this well is not a guessable one.
 */
const ESTIMATED_LENGTH = 100;

export type PasswordStrength = {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof STRENGTH_LABELS)[number];
  /** Whether the password may be chosen. */
  acceptable: boolean;
  /** zxcvbn's explanation of what makes it guessable, if anything. */
  warning: string | null;
  suggestions: string[];
};

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: reading the dictionaries takes a noticeable moment. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    translations,
    maxLength: ESTIMATED_LENGTH,
  });
  return estimator;
}

/** `personal`: the person's username, name and email, which make a password easy to guess. */
export function passwordStrength(password: string, personal: readonly string[] = []): PasswordStrength {
  const inputs = personal
    .flatMap((value) => [value, ...value.split('@')])
    .filter((value) => value.length > 0);
  const result = zxcvbn().check(password, inputs);
  return {
    score: result.score,
    label: STRENGTH_LABELS[result.score],
    acceptable: result.score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}

/** WEAK_PASSWORD when the password may not be chosen, else null. */
export function weakPasswordProblem(password: string, personal: readonly string[] = []): string | null {
  return passwordStrength(password, personal).acceptable ? null : WEAK_PASSWORD;
}
