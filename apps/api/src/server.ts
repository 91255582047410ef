import path from 'node:path';
import v8 from 'node:v8';
import pino from 'pino';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { type AppDatabase, openAppDatabase } from './db/app-database.ts';
import { claimProcessTempDir } from './lib/process-temp-dir.ts';
import { resolveJwtSecret } from './lib/secrets.ts';
import { createFileStore } from './lib/storage/create-file-store.ts';
import { SeedRepo } from './seed/seed-repo.ts';

// V8 lets its heap grow to several times the live data between full collections: after the
// bench's listing and session load the API held 175-264 MB (up to 150 MB of it garbage) with about
// 30 MB live. Growing by 30 % at a time held it at 159-162 MB with the same throughput. V8 reads
// this flag whenever it sets a new limit, so setting it here works, for `npm start` too.
v8.setFlagsFromString('--heap-growing-percent=30');

/**
 * Start: configuration, database, migrations, temporary files, demo content, listen (the app
 * sweeps upload leftovers from storage as it gets ready), then missing previews and medium-size
 * pictures in the background.
 */
async function main() {
  // This file is bundled to apps/api/dist/server.js; the web build is apps/web/dist.
  const config = loadConfig(process.env, { webDistDir: path.resolve(import.meta.dirname, '../../web/dist') });
  // The app's logger exists only once the app is built; the database starts before it.
  const startLog = pino({ level: config.logLevel });
  const database = await openAppDatabase(config, (message) => startLog.info(message));

  // From here on a stop signal, even mid-start, closes what is open (the app first, then the
  // database and its embedded server) before the process ends.
  const closers: Array<() => Promise<unknown>> = [() => database.close()];
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    startLog.info({ signal }, 'shutting down');
    for (const close of closers) await close().catch((err) => startLog.error(err));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await serve(config, database, (close) => closers.unshift(close));
  } catch (err) {
    // Whatever stopped the start, the embedded database server does not stay behind.
    await database.close().catch(() => {});
    throw err;
  }
}

async function serve(
  config: Config,
  database: AppDatabase,
  onShutdown: (close: () => Promise<unknown>) => void,
) {
  const { db } = database;
  const files = await createFileStore(config.storage);
  // Uploads stream into a folder of this process's own: other instances may share DATA_DIR, and
  // their uploads in progress must survive this start. Folders of stopped processes go.
  const temp = await claimProcessTempDir(path.join(config.dataDir, 'tmp'));
  onShutdown(() => temp.release());

  const { secret, generated } = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const app = await buildApp({ config, db, files, jwtSecret: secret, tempDir: temp.dir });
  onShutdown(() => app.close());
  if (generated)
    app.log.warn(
      'JWT_SECRET is not set; using a generated key kept in DATA_DIR. Set JWT_SECRET in production.',
    );
  // Loaded only when needed: the generators and image tools are not part of a normal start. Whether
  // to seed is decided under a lock (another instance may be starting on this database too).
  if (config.seedDemo && !(await new SeedRepo(db).isSeeded())) {
    const { seedDemoContent } = await import('./seed/seed-demo.ts');
    const seeded = await seedDemoContent(db, files, app.log);
    if (seeded && app.paymentsMode === 'sandbox') {
      const { DEMO_CREATORS } = await import('./seed/catalog.ts');
      await new SeedRepo(db).giveSandboxPayoutAccounts(DEMO_CREATORS.map((c) => c.username));
    }
  }

  await app.listen({ host: config.host, port: config.port });
  // Previews of fresh demo designs and any a failed job left missing: queued (once per design,
  // however many instances start) and rendered in the background. Until then a design shows its
  // photos, as after an upload.
  await app.stlPreviews.fillMissing();
  // Photos and banners stored before the medium size existed get it, in batches on any instance;
  // until then pages offer their one large size, as before.
  await app.mediumImages.fillMissing();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
