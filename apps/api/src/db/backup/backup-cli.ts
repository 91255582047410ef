import { loadConfig } from '../../config.ts';
import { exitWith, fromInvocationFolder } from './invocation.ts';
import { makeBackup } from './make-backup.ts';

/**
 * `npm run backup [-- FILE_OR_FOLDER]`: the embedded database (online: the API may keep running)
 * and the local files folder, in one archive named after the time, in the current folder or the
 * one given; or in the file given.
 */
async function main() {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-'))
    throw new Error('Usage: npm run backup [-- FILE_OR_FOLDER]   (default: the current folder)');
  const started = Date.now();
  const { file, manifest } = await makeBackup(loadConfig(), fromInvocationFolder(args[0]), {
    log: (message) => console.log(message),
  });
  console.log(
    `Backed up to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(PostgreSQL ${manifest.postgresVersion}, ${manifest.filesIncluded ? 'with' : 'without'} the files folder).`,
  );
}

main().catch(exitWith);
