import { usePasswordStrength } from '@/lib/password-strength.ts';
import styles from './PasswordStrengthMeter.module.css';

type PasswordStrengthMeterProps = {
  password: string;
  /** The person's username, name and email, if known: a password built from them is weak. */
  personal?: readonly string[];
};

/**
 * How hard the password being typed is to guess: a meter (0 to 4) and its words. The
 * words sit in a polite live region, so a screen reader hears the verdict change while typing.
 */
export function PasswordStrengthMeter({ password, personal = [] }: PasswordStrengthMeterProps) {
  const strength = usePasswordStrength(password, personal);
  const known = strength !== null && strength !== 'loading';
  const score = known ? strength.score : 0;
  const text =
    strength === null
      ? ''
      : strength === 'loading'
        ? 'Checking password strength...'
        : `Password strength: ${strength.label}.${strength.warning ? ` ${strength.warning}` : ''}`;

  return (
    <div className={styles.meter}>
      {/* low/high/optimum: browsers colour 0-1 as bad, 2 as fair, 3-4 as good. */}
      <meter
        min={0}
        max={4}
        low={2}
        high={3}
        optimum={4}
        value={score}
        aria-label="Password strength"
        aria-valuetext={known ? strength.label : 'Unknown'}
        className={styles.bar}
      />
      <p className={styles.text} aria-live="polite">
        {text}
      </p>
    </div>
  );
}
