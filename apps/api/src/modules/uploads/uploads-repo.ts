import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CollectionsTable, DesignFilesTable, DesignsTable } from '../../db/schema.ts';

export type NewDesignFile = Omit<Insertable<DesignFilesTable>, 'design_id' | 'analysis'> & {
  analysis: DesignFilesTable['analysis']['__select__'];
};
export type NewDesign = Omit<Insertable<DesignsTable>, 'slug' | 'collection_id'>;
export type NewCollection = Omit<Insertable<CollectionsTable>, 'user_id'>;

const FILE_KEY_COLUMNS = [
  'storage_key',
  'card_key',
  'medium_key',
  'preview_key',
  'preview_card_key',
  'preview_mesh_key',
] as const;

/** SQL for creating designs from uploads, changing their files, and the leftovers sweep. */
export class UploadRepo {
  constructor(private readonly db: Database) {}

  findCollection(id: string) {
    return this.db
      .selectFrom('collections')
      .select(['id', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The creator's slugs that are `base` or `base-<n>`, for picking the next free one. */
  async slugsLike(userId: string, base: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('designs')
      .select('slug')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
      .execute();
    return new Set(rows.map((r) => r.slug));
  }

  /**
   * The design, its files and (optionally) a new collection for it, in one transaction. Throws the
   * database's unique violation when another upload took the slug meanwhile.
   */
  insertDesign(input: {
    design: NewDesign;
    slug: string;
    collectionId: string | null;
    newCollection: NewCollection | null;
    files: NewDesignFile[];
  }) {
    return this.db.transaction().execute(async (trx) => {
      let collectionId = input.collectionId;
      if (input.newCollection) {
        const created = await trx
          .insertInto('collections')
          .values({ ...input.newCollection, user_id: input.design.user_id })
          .returning('id')
          .executeTakeFirstOrThrow();
        collectionId = created.id;
      }
      const design = await trx
        .insertInto('designs')
        .values({ ...input.design, slug: input.slug, collection_id: collectionId })
        .returning(['id', 'slug', 'name'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('design_files')
        .values(input.files.map((f) => ({ ...f, design_id: design.id, analysis: toJson(f.analysis) })))
        .execute();
      return { ...design, collectionId };
    });
  }

  findDesign(id: string) {
    return this.db
      .selectFrom('designs')
      .select(['id', 'user_id', 'slug', 'name', 'is_paid'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  filesOf(designId: string) {
    return this.db
      .selectFrom('design_files')
      .select(['id', 'kind', 'name', ...FILE_KEY_COLUMNS])
      .where('design_id', '=', designId)
      .orderBy('kind')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /**
   * Removes and adds files of one design in one transaction, the design row locked so two changes
   * cannot together take away its last STL. `verify` sees the STL count the change would leave
   * and throws to roll it back. Returns the removed rows' storage keys.
   */
  replaceFiles(
    designId: string,
    removeIds: string[],
    add: NewDesignFile[],
    verify: (stlFilesLeft: number) => void,
  ) {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('designs')
        .select('id')
        .where('id', '=', designId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const removed =
        removeIds.length === 0
          ? []
          : await trx
              .deleteFrom('design_files')
              .where('design_id', '=', designId)
              .where('id', 'in', removeIds)
              .returning([...FILE_KEY_COLUMNS])
              .execute();
      const last = await trx
        .selectFrom('design_files')
        .select((eb) => eb.fn.max('position').as('position'))
        .where('design_id', '=', designId)
        .executeTakeFirst();
      const start = (last?.position ?? -1) + 1;
      if (add.length > 0) {
        await trx
          .insertInto('design_files')
          .values(
            add.map((f, i) => ({
              ...f,
              design_id: designId,
              position: start + i,
              analysis: toJson(f.analysis),
            })),
          )
          .execute();
      }
      const left = await trx
        .selectFrom('design_files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('design_id', '=', designId)
        .where('kind', '=', 'stl')
        .executeTakeFirstOrThrow();
      verify(Number(left.n));
      await trx.updateTable('designs').set({ updated_at: new Date() }).where('id', '=', designId).execute();
      return removed.flatMap((row) => FILE_KEY_COLUMNS.map((c) => row[c])).filter((k): k is string => !!k);
    });
  }

  /**
   * Which of `keys` a row still points at: a design file (any of its five keys), a collection
   * cover (covers may live under images/ too), a profile picture or a banner (either size). One
   * query for the whole batch; `union` answers each key once, however many rows share it (seeded
   * designs share the catalogue's files: with `union all`, the start-up sweep of 10 000 seeded
   * designs read some 50 000 rows).
   */
  async referencedKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const db = this.db;
    const [first, ...rest] = FILE_KEY_COLUMNS.map((c) =>
      db.selectFrom('design_files').select(`${c} as key`).where(c, 'in', keys),
    );
    let query = first!
      .union(
        db.selectFrom('collections').select('cover_image_key as key').where('cover_image_key', 'in', keys),
      )
      .union(
        db.selectFrom('users').select('profile_picture_key as key').where('profile_picture_key', 'in', keys),
      )
      .union(db.selectFrom('users').select('banner_image_key as key').where('banner_image_key', 'in', keys))
      .union(
        db.selectFrom('users').select('banner_medium_key as key').where('banner_medium_key', 'in', keys),
      );
    for (const part of rest) query = query.union(part);
    const rows = await query.execute();
    return new Set(rows.map((r) => r.key).filter((k): k is string => k !== null));
  }
}

function toJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
