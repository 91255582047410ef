import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { resolveJwtSecret } from './lib/secrets.ts';
import { createFileStore } from './lib/storage/create-file-store.ts';
import { LocalFileStore } from './lib/storage/local-file-store.ts';
import { SeedRepo } from './seed/seed-repo.ts';

/**
 * Start: configuration, database, migrations, temporary files, demo content, listen (the app
 * sweeps upload leftovers from storage as it gets ready), then missing previews in the background.
 */
async function main() {
  // This file is bundled to apps/api/dist/server.js; the web build is apps/web/dist.
  const config = loadConfig(process.env, { webDistDir: path.resolve(import.meta.dirname, '../../web/dist') });
  const db = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', url: config.databaseUrl }
      : { engine: 'pglite', dir: config.dbDir },
  );
  await migrateToLatest(db);
  const files = await createFileStore(config.storage);
  // Temporary upload files of a previous run that stopped mid-request.
  await fs.promises.rm(path.join(config.dataDir, 'tmp'), { recursive: true, force: true });
  if (files instanceof LocalFileStore) await files.sweepTemp();

  const { secret, generated } = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const app = await buildApp({ config, db, files, jwtSecret: secret });
  if (generated)
    app.log.warn(
      'JWT_SECRET is not set; using a generated key kept in DATA_DIR. Set JWT_SECRET in production.',
    );
  if (config.seedDemo && (await new SeedRepo(db).isEmpty())) {
    // Loaded only when needed: the generators and image tools are not part of a normal start.
    const { seedDemoContent } = await import('./seed/seed-demo.ts');
    await seedDemoContent(db, files, app.log);
    if (app.paymentsMode === 'sandbox') {
      const { DEMO_CREATORS } = await import('./seed/catalog.ts');
      await new SeedRepo(db).giveSandboxPayoutAccounts(DEMO_CREATORS.map((c) => c.username));
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  // Previews a stopped process did not get to render, and those of fresh demo designs: rendered in
  // the background, with progress in the log. Until then a design shows its photos, as after an
  // upload.
  await app.stlPreviews.fillMissing();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
