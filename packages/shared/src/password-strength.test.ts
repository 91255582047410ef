import { describe, expect, it } from 'vitest';
import { passwordStrength, WEAK_PASSWORD, weakPasswordProblem } from './password-strength.ts';

describe('the new-password strength rule', () => {
  it.each(['password1', 'qwerty123', '123456789', 'secret123', 'letmein2', 'abc123!', 'aaaaaaaa'])(
    'refuses %s, a common or patterned password',
    (password) => {
      expect(weakPasswordProblem(password)).toBe(WEAK_PASSWORD);
      expect(passwordStrength(password).score).toBeLessThan(2);
    },
  );

  it.each(['teapot-lantern-9', 'Print-Pegasus-42', 'starfish soap orbit', 'brand-new-1'])(
    'accepts %s',
    (password) => {
      expect(weakPasswordProblem(password)).toBeNull();
      expect(passwordStrength(password).acceptable).toBe(true);
    },
  );

  it('refuses a password made of the person’s own username, name or email', () => {
    expect(weakPasswordProblem('quartzmaker77')).toBeNull();
    expect(weakPasswordProblem('quartzmaker77', ['QuartzMaker77'])).toBe(WEAK_PASSWORD);
    expect(weakPasswordProblem('quartzmaker77', ['someone', 'quartzmaker77@example.com'])).toBe(
      WEAK_PASSWORD,
    );
  });

  it('labels the score and explains a weak password', () => {
    expect(passwordStrength('password1')).toMatchObject({
      score: 0,
      label: 'Very weak',
      acceptable: false,
      warning: 'This is a commonly used password.',
    });
    expect(passwordStrength('teapot-lantern-9')).toMatchObject({ label: 'Very strong', warning: null });
  });
});
