import { loadConfig } from '../../config.ts';
import { exitWith, fromInvocationFolder } from './invocation.ts';
import { restoreBackup } from './restore-backup.ts';

/**
 * `npm run restore -- FILE [--force]`: replaces DATA_DIR's database and files folder with a
 * backup's. Refuses while a PrintMarket server uses DATA_DIR; with data already there, refuses
 * unless --force, which moves that data aside.
 */
async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]?.startsWith('-'))
    throw new Error('Usage: npm run restore -- FILE [--force]');
  const { manifest, movedAside } = await restoreBackup(loadConfig(), fromInvocationFolder(rest[0]), {
    force,
    log: (message) => console.log(message),
  });
  console.log(
    `Restored the backup of ${manifest.createdAt}` +
      (manifest.filesIncluded ? ', database and files.' : ' (database only).') +
      (movedAside.length > 0 ? ` The data that was there is in ${movedAside.join(' and ')}.` : ''),
  );
}

main().catch(exitWith);
