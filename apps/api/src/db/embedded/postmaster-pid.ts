import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a running PostgreSQL server writes in `postmaster.pid` of its data folder: its pid, the
 * folder, its port and socket folder, and its state ('starting', 'ready', 'stopping', ...).
 */
export type PostmasterPid = { pid: number; dataDir: string; port: number; socketDir: string; status: string };

/** The data folder's `postmaster.pid`, or undefined when there is none or it is incomplete. */
export async function readPostmasterPid(dataDir: string): Promise<PostmasterPid | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return parsePostmasterPid(text);
}

/** Parses the file; a server writes it in steps, so a file without its first four lines is incomplete. */
export function parsePostmasterPid(text: string): PostmasterPid | undefined {
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  return {
    pid,
    dataDir: lines[1] ?? '',
    port,
    socketDir: lines[4] ?? '',
    status: (lines[7] ?? '').trim(),
  };
}
