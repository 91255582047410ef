import { execFile } from 'node:child_process';
import { chown, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The account the server runs as: undefined means this process's own. */
export type ServerUser = { name: string; uid: number; gid: number } | undefined;

const SERVER_ACCOUNT = 'postgres';

/**
 * PostgreSQL refuses to run as root. Run as root (a container, a CI machine), the server runs as
 * the system account `postgres`, created when missing, as PostgreSQL's own packages do.
 */
export async function serverUser(): Promise<ServerUser> {
  if (process.getuid?.() !== 0) return undefined;
  const found = await lookUp(SERVER_ACCOUNT);
  if (found) return found;
  try {
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SERVER_ACCOUNT,
    ]);
  } catch (err) {
    throw new Error(
      `PostgreSQL cannot run as root, and the account "${SERVER_ACCOUNT}" to run it as could not be created (${(err as Error).message.trim()}). Run as another user, or set DATABASE_URL.`,
    );
  }
  const created = await lookUp(SERVER_ACCOUNT);
  if (!created) throw new Error(`The account "${SERVER_ACCOUNT}" was created but cannot be found.`);
  return created;
}

async function lookUp(name: string): Promise<ServerUser> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', name]), run('id', ['-g', name])]);
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** Gives the server's account a file, or a folder and everything in it, that it must write. */
export async function handOver(target: string, user: ServerUser): Promise<void> {
  if (!user) return;
  await chown(target, user.uid, user.gid);
  if (!(await stat(target)).isDirectory()) return;
  for (const entry of await readdir(target, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), user.uid, user.gid);
  }
}

/**
 * The server's account must reach its programs and its folder. Run as root from a folder only root
 * may enter (a home folder, say), it cannot: say so plainly instead of failing inside initdb.
 * Judged by owner, group and mode bits (not access lists), which is how such folders are closed.
 */
export async function checkReachable(user: ServerUser, paths: string[]): Promise<void> {
  if (!user) return;
  for (const target of paths) {
    for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const info = await stat(dir).catch(() => undefined);
      if (!info) continue; // not created yet
      const enterable =
        (info.uid === user.uid && info.mode & 0o100) ||
        (info.gid === user.gid && info.mode & 0o010) ||
        info.mode & 0o001;
      if (!enterable)
        throw new Error(
          `The embedded PostgreSQL server runs as "${user.name}" (PostgreSQL refuses root), and that account cannot enter ${dir}. ` +
            `Give it access (chmod o+x ${dir}), move the project or DATA_DIR, run as another user, or set DATABASE_URL.`,
        );
    }
  }
}
