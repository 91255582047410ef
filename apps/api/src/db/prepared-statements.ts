import { createHash } from 'node:crypto';
import { type Expression, sql } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL parses and plans a statement sent without a name on every call; for a small lookup
 * that is most of the server's work (about 60 % of the session check's). A statement a repo marks
 * with `prepared` is sent as a named prepared statement instead: parsed once per connection and
 * run from its cached plan after that.
 *
 * Only mark statements whose text never changes (no lists of varying length) and that read named
 * columns, not `*`: PostgreSQL refuses to run a prepared statement whose result columns changed
 * type under it. The number of names is capped all the same, so a statement marked by mistake
 * cannot grow the server's memory without end.
 */
const MARK = '/* prepared */';
const MAX_STATEMENTS = 64;

/** Marks a statement to be prepared once per connection: `query.$call(prepared)`. */
export function prepared<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(MARK));
}

const names = new Map<string, string>();

/** The statement name for a marked text, or undefined (unmarked, or past the cap). */
function statementName(text: string): string | undefined {
  if (!text.endsWith(MARK)) return undefined;
  let name = names.get(text);
  if (!name && names.size < MAX_STATEMENTS) {
    name = `prepared_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * The pool's client class: a marked statement (Kysely sends text and values) goes out under its
 * name; every other call is passed on unchanged.
 */
export function preparingClient(driver: typeof pg): new () => pg.Client {
  return class PreparingClient extends driver.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; all but one pass through as they are.
    override query(...args: any[]): any {
      const [text, values] = args;
      const name =
        args.length === 2 && typeof text === 'string' && Array.isArray(values) && statementName(text);
      if (name) return super.query({ name, text, values });
      return (super.query as (...passed: unknown[]) => unknown)(...args);
    }
  };
}
