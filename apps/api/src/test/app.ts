import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { FileStore } from '../lib/storage/file-store.ts';
import { LocalFileStore } from '../lib/storage/local-file-store.ts';
import { createTestDatabase } from './database.ts';

export type TestApp<Files extends FileStore = LocalFileStore> = {
  app: FastifyInstance;
  db: Database;
  files: Files;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * The real application on a fresh database and a fresh files folder, for `app.inject` tests.
 * `env` overrides configuration the way the environment would; `files` puts it on another store
 * (S3), else it keeps files on local disk in its data folder.
 */
export async function createTestApp<Files extends FileStore = LocalFileStore>(
  env: Record<string, string> = {},
  options: {
    logger?: AppDeps['logger'];
    onRoute?: AppDeps['onRoute'];
    payments?: AppDeps['payments'];
    sitemapPageSize?: AppDeps['sitemapPageSize'];
    files?: Files;
    /** A database another test app already uses, so several instances share it (not dropped). */
    db?: Database;
  } = {},
): Promise<TestApp<Files>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printmarket-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { db, drop } = options.db ? { db: options.db, drop: async () => {} } : await createTestDatabase();
  const files = options.files ?? (new LocalFileStore(path.join(dataDir, 'files')) as FileStore as Files);
  const app = await buildApp({
    config,
    db,
    files,
    jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
    logger: options.logger ?? false,
    onRoute: options.onRoute,
    payments: options.payments,
    sitemapPageSize: options.sitemapPageSize,
  });
  return {
    app,
    db,
    files,
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a person through the API and returns their token and id. */
export async function signUp(app: FastifyInstance, username = 'maker1', password = 'teapot-lantern-9') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, name: `${username} Name`, email: `${username.toLowerCase()}@example.com`, password },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string } };
  return {
    token: body.token,
    userId: body.user.id,
    email: `${username.toLowerCase()}@example.com`,
    password,
  };
}
