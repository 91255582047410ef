import { loadConfig } from '../config.ts';
import { openAppDatabase } from '../db/app-database.ts';
import { createFileStore } from '../lib/storage/create-file-store.ts';
import { DEMO_DESIGNS } from './catalog.ts';
import { seedDemo } from './seed-demo.ts';
import { seedProgressBar } from './seed-progress-bar.ts';
import { SeedRepo } from './seed-repo.ts';

/**
 * `npm run seed -- --designs 10000`: fills an EMPTY database (of DATA_DIR or DATABASE_URL) with
 * demo content and the given number of designs, for benchmarks and trying the app at scale. The
 * catalogue's STL previews are rendered here (its thousands of designs share them), with the
 * progress shown on stderr; the last line on stdout is the summary.
 */
async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--designs');
  const designs = at >= 0 ? Number.parseInt(args[at + 1] ?? '', 10) : DEMO_DESIGNS.length;
  if (!Number.isInteger(designs) || designs < 1 || designs > 1_000_000) {
    throw new Error('Usage: npm run seed -- --designs N   (N from 1 to 1000000)');
  }
  const config = loadConfig();
  const database = await openAppDatabase(config, (message) => console.log(message));
  const { db } = database;
  try {
    const repo = new SeedRepo(db);
    if (!(await repo.isEmpty())) throw new Error('The database already has content; seed an empty one.');
    const started = Date.now();
    const progress = seedProgressBar();
    try {
      await seedDemo(repo, await createFileStore(config.storage), {
        designs,
        previews: 'now',
        onProgress: progress.update,
      });
    } finally {
      progress.stop();
    }
    console.log(`Seeded ${designs} designs in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
