import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded/embedded-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server integration tests create their databases on. */
    testDatabaseUrl: string;
  }
}

/**
 * Vitest global setup of the integration tests: TEST_DATABASE_URL's server when it is set, else one
 * embedded PostgreSQL server for the whole run (without fsync: its data is thrown away), stopped
 * and removed at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('testDatabaseUrl', given);
    return async () => {};
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'printmarket-test-db-'));
  // mkdtemp makes the folder for its owner only; run as root, the server runs as another account.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres(path.join(dir, 'db'), { log: () => {}, durable: false });
  const url = new URL(server.url);
  url.pathname = '/postgres';
  project.provide('testDatabaseUrl', url.toString());
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
