import type { UserRow } from './schema.ts';

/** The `users` columns anyone may see of a person: their public profile. */
export const PUBLIC_PROFILE_COLUMNS = [
  'users.id',
  'users.username',
  'users.name',
  'users.bio',
  'users.location',
  'users.profile_picture_key',
  'users.banner_image_key',
  'users.banner_medium_key',
  'users.social_links',
  'users.created_at',
] as const;

/**
 * The `users` columns of a person's own view of their account (GET /api/auth/user, sign-in
 * answers): read by the users repo, and by the auth repo in the same statement that checks a
 * session, so the session check every page makes is one round trip. No password hash.
 */
export const ACCOUNT_COLUMNS = [
  ...PUBLIC_PROFILE_COLUMNS,
  'users.email',
  'users.last_username_change',
  'users.profile_completed',
  'users.email_verified_at',
] as const;

type Column<T> = T extends `users.${infer C extends keyof UserRow}` ? C : never;

export type AccountRow = Pick<UserRow, Column<(typeof ACCOUNT_COLUMNS)[number]>>;
