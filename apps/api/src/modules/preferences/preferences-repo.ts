import type { DesignSort } from '@printmarket/shared/constants';
import type { Preferences } from '@printmarket/shared/preferences';
import type { ColumnType } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * The table of migration 0005. Declared here and added with `withTables` rather than in
 * db/schema.ts, because only this repo reads or writes it.
 */
type UserPreferencesTable = {
  user_id: string;
  home_sort: DesignSort;
  auto_open_3d: boolean;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** SQL for Settings > Preferences. */
export class PreferencesRepo {
  readonly #db;

  constructor(db: Database) {
    this.#db = db.withTables<{ user_preferences: UserPreferencesTable }>();
  }

  async find(userId: string): Promise<Preferences | undefined> {
    const row = await this.#db
      .selectFrom('user_preferences')
      .select(['home_sort', 'auto_open_3d'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { homeSort: row.home_sort, autoOpen3d: row.auto_open_3d };
  }

  /**
   * Saves the given fields in one statement: a first save inserts them over the defaults, a later
   * one changes only the fields it names, so two saves of different fields cannot undo each other.
   */
  async save(userId: string, change: Partial<Preferences>, defaults: Preferences): Promise<Preferences> {
    const columns = {
      ...(change.homeSort !== undefined ? { home_sort: change.homeSort } : {}),
      ...(change.autoOpen3d !== undefined ? { auto_open_3d: change.autoOpen3d } : {}),
    };
    const row = await this.#db
      .insertInto('user_preferences')
      .values({
        user_id: userId,
        home_sort: defaults.homeSort,
        auto_open_3d: defaults.autoOpen3d,
        ...columns,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...columns, updated_at: new Date() }))
      .returning(['home_sort', 'auto_open_3d'])
      .executeTakeFirstOrThrow();
    return { homeSort: row.home_sort, autoOpen3d: row.auto_open_3d };
  }
}
