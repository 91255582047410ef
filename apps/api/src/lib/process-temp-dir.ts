import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type ProcessTempDir = {
  /** This process's own folder; nothing else writes or removes it while the process lives. */
  dir: string;
  /** Stops the heartbeat and removes the folder (on an orderly stop). */
  release: () => Promise<void>;
};

export type ProcessTempDirOptions = {
  /** How often the folder's time is refreshed (and other folders are looked at). Default 1 minute. */
  heartbeatMs?: number;
  /** A folder not refreshed for this long belongs to a process that is gone. Default 10 minutes. */
  staleAfterMs?: number;
};

/**
 * A temporary folder under `root` (DATA_DIR/tmp) for this process alone: instances that share
 * DATA_DIR each stream their uploads into their own folder, so none removes another's files at
 * start. A pid is no identity (two containers may both run as PID 1, on hosts that cannot see each
 * other's processes), so the folder's name ends with a random id, and liveness is shown by a
 * heartbeat: the process refreshes its folder's modification time, and folders left unrefreshed
 * for `staleAfterMs` (ten heartbeats) are removed, at start and on every heartbeat.
 */
export async function claimProcessTempDir(
  root: string,
  { heartbeatMs = 60_000, staleAfterMs = 10 * 60_000 }: ProcessTempDirOptions = {},
): Promise<ProcessTempDir> {
  const name = `${os.hostname().replace(/[^a-zA-Z0-9.-]/g, '_')}-${process.pid}-${randomUUID()}`;
  const dir = path.join(root, name);
  await fs.mkdir(dir, { recursive: true });
  await removeStaleFolders(root, name, staleAfterMs);
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(dir, now, now)
      .then(() => removeStaleFolders(root, name, staleAfterMs))
      .catch((err) => process.emitWarning(`temporary folder heartbeat failed: ${(err as Error).message}`));
  }, heartbeatMs);
  heartbeat.unref();
  return {
    dir,
    release: async () => {
      clearInterval(heartbeat);
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Entries of `root` other than `own` whose modification time is older than `staleAfterMs`. */
export async function removeStaleFolders(root: string, own: string, staleAfterMs: number): Promise<string[]> {
  const cutoff = Date.now() - staleAfterMs;
  const removed: string[] = [];
  for (const entry of await fs.readdir(root)) {
    if (entry === own) continue;
    const full = path.join(root, entry);
    const stat = await fs.stat(full).catch(() => null);
    // Gone already (another instance swept it), or refreshed recently: its owner lives.
    if (!stat || stat.mtimeMs >= cutoff) continue;
    await fs.rm(full, { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}
