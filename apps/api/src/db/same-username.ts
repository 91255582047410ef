import { type RawBuilder, sql } from 'kysely';

/**
 * Usernames are unique whatever their case and looked up the same way (`lower(username)` has its
 * own index): `column` is a username column such as 'username' or 'users.username'.
 */
export function sameUsername(column: string, username: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) = lower(${username})`;
}
