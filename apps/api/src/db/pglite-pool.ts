import type { PGlite } from '@electric-sql/pglite';

/**
 * Makes an embedded PGlite look like the small part of `pg.Pool` that Kysely's PostgresDialect
 * uses, so both engines share one dialect, one compiler and one set of migrations.
 *
 * PGlite is a single session: a transaction must own it until it ends. `connect()` therefore
 * hands out the one connection at a time, in arrival order.
 */
export class PGlitePool {
  #queue: Array<() => void> = [];
  #busy = false;

  constructor(
    readonly db: PGlite,
    private readonly onEnd: () => void = () => {},
  ) {}

  async connect() {
    if (this.#busy) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#busy = true;
    let released = false;
    return {
      query: async (sql: string, params: unknown[]) => {
        const result = await this.db.query(sql, params);
        return {
          command: leadingCommand(sql),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.#queue.shift();
        if (next) next();
        else this.#busy = false;
      },
    };
  }

  async end() {
    await this.db.close();
    this.onEnd();
  }
}

function leadingCommand(sql: string): string {
  const match = /^\s*(\w+)/.exec(sql);
  return (match?.[1] ?? '').toUpperCase();
}
