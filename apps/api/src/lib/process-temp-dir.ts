import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
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
 * start. A pid is no identity (two containers may both run as PID 1), so the folder is named after
 * the process as the kernel knows it: boot id, pid namespace, pid and start time, plus a random id.
 * A folder from this boot and pid namespace whose process is gone (no such pid, or one started at
 * another time) is removed at once. Others' owners cannot be seen from here; they show they live by
 * a heartbeat, refreshing the folder's modification time, and folders left unrefreshed for
 * `staleAfterMs` (ten heartbeats) are removed. Both checks run at start and on every heartbeat.
 */
export async function claimProcessTempDir(
  root: string,
  { heartbeatMs = 60_000, staleAfterMs = 10 * 60_000 }: ProcessTempDirOptions = {},
): Promise<ProcessTempDir> {
  const identity = await processIdentity(process.pid);
  const name = `${identity.namespace}.${process.pid}.${identity.startTime}.${randomUUID()}`;
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

/**
 * Entries of `root` other than `own` whose process is gone: seen gone from here, or silent (not
 * refreshed) for longer than `staleAfterMs`.
 */
export async function removeStaleFolders(root: string, own: string, staleAfterMs: number): Promise<string[]> {
  const cutoff = Date.now() - staleAfterMs;
  const here = (await processIdentity(process.pid)).namespace;
  const removed: string[] = [];
  for (const entry of await fs.readdir(root)) {
    if (entry === own) continue;
    const full = path.join(root, entry);
    const stat = await fs.stat(full).catch(() => null);
    if (!stat) continue; // another instance removed it meanwhile
    if (stat.mtimeMs >= cutoff && !(await ownerGoneFromHere(entry, here))) continue;
    await fs.rm(full, { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

/** True only when the folder's owner shares this boot and pid namespace and is no longer running. */
async function ownerGoneFromHere(folder: string, here: string): Promise<boolean> {
  const [bootId, pidNamespace, pid, startTime] = folder.split('.');
  if (`${bootId}.${pidNamespace}` !== here || here.startsWith('unknown') || !pid || !startTime) return false;
  const now = await processIdentity(Number(pid));
  return now.startTime !== startTime;
}

/**
 * `namespace`: this machine's boot id and this process's pid namespace (Linux); within one, a pid
 * and its start time (in clock ticks since boot) name one process. 'unknown' elsewhere, or when
 * the process does not exist.
 */
async function processIdentity(pid: number): Promise<{ namespace: string; startTime: string }> {
  const read = (file: string) => fs.readFile(file, 'utf8').catch(() => null);
  const bootId = (await read('/proc/sys/kernel/random/boot_id'))?.trim();
  const pidNamespace = await fs.readlink('/proc/self/ns/pid').catch(() => null);
  const stat = await read(`/proc/${pid}/stat`);
  // Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after ')'.
  const startTime = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  return {
    namespace: bootId && pidNamespace ? `${bootId}.${pidNamespace.replace(/\D/g, '')}` : 'unknown.unknown',
    startTime: startTime ?? 'unknown',
  };
}
