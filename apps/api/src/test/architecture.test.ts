import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's shape, checked on its sources: SQL is written only in repos and in the database layer,
 * routes reach the database only through their service, a module's repo serves that module alone,
 * and every module wires itself through one `register<Feature>` function in its index.ts. Test files and the test helpers in this folder may
 * set up rows directly, so they are not scanned.
 */
const src = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(src, 'modules');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === import.meta.dirname ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = sources(src).map((file) => ({
  name: path.relative(src, file).split(path.sep).join('/'),
  text: fs.readFileSync(file, 'utf8'),
}));

/** Repos and the database layer (connection, migrations, query parts several repos share). */
const mayWriteSql = (name: string) => name.endsWith('-repo.ts') || name.startsWith('db/');

const SQL_MARKERS: [string, RegExp][] = [
  ["kysely's sql tag", /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/],
  ['kysely helpers', /from\s*'kysely\/helpers/],
  ['a query', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/],
  ['a transaction', /\.transaction\(/],
  ['a raw query', /\.query\(/],
];

describe('API architecture', () => {
  it('writes SQL only in repos and the database layer', () => {
    const offenders = files
      .filter((file) => !mayWriteSql(file.name))
      .flatMap((file) =>
        SQL_MARKERS.filter(([, pattern]) => pattern.test(file.text)).map(([what]) => `${file.name}: ${what}`),
      );
    expect(offenders).toEqual([]);
  });

  it('keeps repos and the database out of routes', () => {
    const imports = /from\s*'([^']+)'/g;
    const offenders = files
      .filter((file) => file.name.endsWith('-routes.ts'))
      .flatMap((file) =>
        [...file.text.matchAll(imports)]
          .map((match) => match[1] ?? '')
          .filter(
            (target) =>
              target.endsWith('-repo.ts') || target.endsWith('db/database.ts') || target.startsWith('kysely'),
          )
          .map((target) => `${file.name} imports ${target}`),
      );
    expect(offenders).toEqual([]);
  });

  it("keeps each module's repo to itself", () => {
    const offenders = files
      .filter((file) => file.name.startsWith('modules/'))
      .flatMap((file) =>
        [...file.text.matchAll(/from\s*'\.\.\/([a-z][^/']*)\/[^']*-repo\.ts'/g)].map(
          (match) => `${file.name} imports the repo of modules/${match[1]}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('gives every module an index.ts exporting its register function', () => {
    const offenders = fs
      .readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => {
        const index = files.find((file) => file.name === `modules/${name}/index.ts`);
        return !index || !/export (async )?function register[A-Z]\w*\(/.test(index.text);
      })
      .map((name) => `modules/${name} has no index.ts exporting register<Feature>(app, deps)`);
    expect(offenders).toEqual([]);
  });

  it('names routes, services and repos after their module', () => {
    const offenders = files
      .map((file) => file.name.match(/^modules\/([^/]+)\/([^/]+)\.ts$/))
      .filter((match): match is RegExpMatchArray => match !== null)
      .filter(([, module, base]) => {
        const role = base?.match(/(?:^|-)(routes|service|repo)$/)?.[1];
        return role !== undefined && base !== `${module}-${role}`;
      })
      .map(
        ([name, module]) => `${name}: name it ${module}-routes.ts, ${module}-service.ts or ${module}-repo.ts`,
      );
    expect(offenders).toEqual([]);
  });
});
