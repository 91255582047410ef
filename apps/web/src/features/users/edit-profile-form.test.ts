import { describe, expect, it } from 'vitest';
import {
  type EditProfileValues,
  editProfileDefaults,
  editProfileSchema,
  type ProfileSnapshot,
  toProfileUpdate,
} from './edit-profile-form.ts';

const profile: ProfileSnapshot = {
  username: 'Maker1',
  bio: 'I print dragons.',
  location: '',
  socialLinks: { instagram: 'https://instagram.com/maker1', twitter: '', custom: '' },
  lastUsernameChange: null,
};
const locked: ProfileSnapshot = { ...profile, lastUsernameChange: '2026-01-01T00:00:00.000Z' };

const values = (change: Partial<EditProfileValues> = {}): EditProfileValues => ({
  ...editProfileDefaults(profile),
  ...change,
});

const firstError = (snapshot: ProfileSnapshot, input: EditProfileValues) =>
  editProfileSchema(snapshot).safeParse(input).error?.issues[0]?.message;

describe('edit profile form', () => {
  it('sends the username only when it changes, and never once it was changed', () => {
    expect(toProfileUpdate(values(), profile)).not.toHaveProperty('username');
    expect(toProfileUpdate(values({ username: ' Maker2 ' }), profile).username).toBe('Maker2');
    expect(toProfileUpdate(values({ username: 'Maker2' }), locked)).not.toHaveProperty('username');
  });

  it('sends trimmed text and links, and emptied fields as empty (which clears them)', () => {
    const update = toProfileUpdate(
      values({
        bio: '  ',
        location: ' Berlin ',
        socialLinks: { instagram: '', twitter: ' https://x.com/m ', custom: '' },
      }),
      profile,
    );
    expect(update).toEqual({
      bio: '',
      location: 'Berlin',
      socialLinks: { instagram: '', twitter: 'https://x.com/m', custom: '' },
    });
  });

  it('requires a username and checks a new one like sign-up does', () => {
    expect(firstError(profile, values({ username: '' }))).toBe('Username is required.');
    expect(firstError(profile, values({ username: 'no spaces' }))).toBe(
      'Username can only contain letters and numbers.',
    );
    expect(firstError(profile, values({ username: 'Maker2' }))).toBeUndefined();
  });

  it('does not hold back other changes over a username it does not change', () => {
    const legacy = { ...profile, username: 'old_name' };
    expect(firstError(legacy, { ...editProfileDefaults(legacy), bio: 'new bio' })).toBeUndefined();
    expect(firstError(locked, values({ username: 'whatever here' }))).toBeUndefined();
  });

  it('accepts only http(s) links, with the server message', () => {
    const bad = values({ socialLinks: { instagram: 'javascript:alert(1)', twitter: '', custom: '' } });
    expect(firstError(profile, bad)).toBe('Links must start with http:// or https://');
    const phishing = values({
      socialLinks: { instagram: '', twitter: '', custom: 'https://instagram.com@evil.example' },
    });
    expect(firstError(profile, phishing)).toBe('Links cannot contain a user name or password.');
  });
});
