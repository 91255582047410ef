import { editProfileFormSchema } from '@printmarket/shared/profile-form';
import type { UpdateProfileInput } from './api/update-profile.ts';

/** What the profile form edits (docs/product.md#dashboard, Edit Profile modal); pictures travel beside it. */
export type EditProfileValues = {
  username: string;
  bio: string;
  location: string;
  socialLinks: { instagram: string; twitter: string; custom: string };
};

/** The part of the signed-in person the form starts from and compares with. */
export type ProfileSnapshot = {
  username: string;
  bio: string;
  location: string;
  socialLinks: { instagram: string; twitter: string; custom: string };
  lastUsernameChange: string | null;
};

/** A username can change once (docs/product.md#social): after that the field is read-only. */
export function usernameLocked(profile: Pick<ProfileSnapshot, 'lastUsernameChange'>): boolean {
  return profile.lastUsernameChange !== null;
}

export function editProfileDefaults(profile: ProfileSnapshot): EditProfileValues {
  return {
    username: profile.username,
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    socialLinks: {
      instagram: profile.socialLinks?.instagram ?? '',
      twitter: profile.socialLinks?.twitter ?? '',
      custom: profile.socialLinks?.custom ?? '',
    },
  };
}

/** The form's rules for this person (shared with the server's, see packages/shared). */
export function editProfileSchema(profile: ProfileSnapshot) {
  return editProfileFormSchema({ username: profile.username, usernameLocked: usernameLocked(profile) });
}

/**
 * The update call for checked form values: the username only when it really changes (the server
 * allows one change), everything else as typed (an emptied field clears it).
 */
export function toProfileUpdate(values: EditProfileValues, profile: ProfileSnapshot): UpdateProfileInput {
  const username = values.username.trim();
  const changesUsername = !usernameLocked(profile) && username !== '' && username !== profile.username;
  return {
    ...(changesUsername ? { username } : {}),
    bio: values.bio.trim(),
    location: values.location.trim(),
    socialLinks: {
      instagram: values.socialLinks.instagram.trim(),
      twitter: values.socialLinks.twitter.trim(),
      custom: values.socialLinks.custom.trim(),
    },
  };
}
