import path from 'node:path';

/**
 * The folder the person ran the command in. `npm run` runs scripts in the project's root, and says
 * where it was started in INIT_CWD; paths on the command line are relative to that.
 */
export function fromInvocationFolder(given: string | undefined): string {
  const folder = process.env.INIT_CWD ?? process.cwd();
  return given === undefined ? folder : path.resolve(folder, given);
}

/** Ends the process with the error's message (no stack: these are messages for people). */
export function exitWith(err: unknown): never {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
