import type { Database } from './database.ts';

/** Whether the account exists and was not deleted (a deleted one keeps its row, emptied). */
export async function isLiveAccount(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
