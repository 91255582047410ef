import { sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * The one rule for download counts, used by file links, design ZIPs and collection ZIPs alike: a
 * design's counter goes up once per person per UTC day. The (design, person, day) row is the
 * proof; only the statement that inserted it raises the counter, in the same statement, so
 * concurrent downloads by one person add one and by two people add two.
 */
export async function recordDownloads(db: Database, personId: string, designIds: string[]): Promise<void> {
  const ids = [...new Set(designIds)];
  if (ids.length === 0) return;
  await db
    .with('counted', (qb) =>
      qb
        .insertInto('design_downloads')
        .columns(['design_id', 'user_id', 'day'])
        .expression((eb) =>
          eb
            .selectFrom('designs')
            .select([
              'designs.id as design_id',
              sql<string>`${personId}::uuid`.as('user_id'),
              sql<string>`(now() at time zone 'utc')::date`.as('day'),
            ])
            .where('designs.id', 'in', ids),
        )
        .onConflict((oc) => oc.doNothing())
        .returning('design_id'),
    )
    .updateTable('designs')
    .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
    .where('designs.id', 'in', (eb) => eb.selectFrom('counted').select('counted.design_id'))
    .execute();
}
