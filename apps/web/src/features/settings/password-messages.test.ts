import { changePasswordFormSchema } from '@printmarket/shared/password-change';
import { describe, expect, it } from 'vitest';
import { passwordChangedText } from './password-messages.ts';

describe('password change', () => {
  it('says how many other sessions were signed out', () => {
    const message = 'Your password has been changed.';
    expect(passwordChangedText({ message, otherSessionsEnded: 0 })).toBe(message);
    expect(passwordChangedText({ message, otherSessionsEnded: 1 })).toBe(
      'Your password has been changed. Your 1 other session was signed out; this one stays signed in.',
    );
    expect(passwordChangedText({ message, otherSessionsEnded: 3 })).toBe(
      'Your password has been changed. Your 3 other sessions were signed out; this one stays signed in.',
    );
  });

  it('checks the form with the sign-up rules: length and matching confirmation', () => {
    const first = (input: Record<string, string>) =>
      changePasswordFormSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(first({ currentPassword: '', newPassword: 'secret124', confirmPassword: 'secret124' })).toEqual([
      'Current password is required.',
    ]);
    expect(first({ currentPassword: 'secret123', newPassword: '12345', confirmPassword: '12345' })).toEqual([
      'Password must be at least 6 characters.',
      'Password must be at least 6 characters.',
    ]);
    expect(
      first({ currentPassword: 'secret123', newPassword: 'secret124', confirmPassword: 'secret125' }),
    ).toEqual(['Passwords do not match']);
    expect(
      first({ currentPassword: 'secret123', newPassword: 'secret123', confirmPassword: 'secret123' }),
    ).toEqual(['The new password must be different from the current one.']);
    expect(
      first({ currentPassword: 'secret123', newPassword: 'secret124', confirmPassword: 'secret124' }),
    ).toBeUndefined();
  });
});
