import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimProcessTempDir } from './process-temp-dir.ts';

describe('per-process temporary folders under one shared DATA_DIR/tmp', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'printmarket-proc-tmp-'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  it('gives two instances with the same pid separate folders, and neither start removes the other’s upload', async () => {
    // Both claims run in this one process, so they share a pid, as PID 1 in two containers does.
    const first = await claimProcessTempDir(root);
    fs.writeFileSync(path.join(first.dir, 'upload.part'), 'half an upload');
    const second = await claimProcessTempDir(root);
    try {
      expect(second.dir).not.toBe(first.dir);
      expect(fs.readFileSync(path.join(first.dir, 'upload.part'), 'utf8')).toBe('half an upload');
      expect(fs.readdirSync(root).sort()).toEqual(
        [path.basename(first.dir), path.basename(second.dir)].sort(),
      );
    } finally {
      await first.release();
      await second.release();
    }
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('removes the folders of processes that stopped refreshing them, and files of older versions', async () => {
    const gone = path.join(root, 'other-host-1-0b7f');
    fs.mkdirSync(gone);
    fs.writeFileSync(path.join(gone, 'upload.part'), 'abandoned');
    fs.utimesSync(gone, hoursAgo(1), hoursAgo(1));
    const oldFile = path.join(root, 'from-a-shared-tmp.part');
    fs.writeFileSync(oldFile, 'abandoned');
    fs.utimesSync(oldFile, hoursAgo(2), hoursAgo(2));
    const live = path.join(root, 'other-host-1-5c2e');
    fs.mkdirSync(live);
    fs.writeFileSync(path.join(live, 'upload.part'), 'in progress');
    // Refreshed just under the limit: still alive.
    fs.utimesSync(live, new Date(Date.now() - 9 * 60_000), new Date(Date.now() - 9 * 60_000));

    const own = await claimProcessTempDir(root);
    try {
      expect(fs.readdirSync(root).sort()).toEqual([path.basename(live), path.basename(own.dir)].sort());
      expect(fs.readFileSync(path.join(live, 'upload.part'), 'utf8')).toBe('in progress');
    } finally {
      await own.release();
    }
  });

  it.runIf(process.platform === 'linux')(
    'removes at once the fresh folder of a process of this host that has ended',
    async () => {
      const own = await claimProcessTempDir(root);
      const [bootId, pidNamespace] = path.basename(own.dir).split('.');
      // A process that ran and ended: its pid is free (or, if reused, started at another time).
      const ended = spawnSync(process.execPath, ['-e', '']);
      const gone = path.join(root, `${bootId}.${pidNamespace}.${ended.pid}.12345.0d1e`);
      fs.mkdirSync(gone);
      fs.writeFileSync(path.join(gone, 'upload.part'), 'cut short by a kill');
      await own.release();

      const next = await claimProcessTempDir(root);
      try {
        expect(fs.readdirSync(root)).toEqual([path.basename(next.dir)]);
      } finally {
        await next.release();
      }
    },
  );

  it('refreshes its own folder on every heartbeat', async () => {
    const own = await claimProcessTempDir(root, { heartbeatMs: 20 });
    try {
      fs.utimesSync(own.dir, hoursAgo(1), hoursAgo(1));
      await expect
        .poll(() => fs.statSync(own.dir).mtimeMs, { timeout: 10_000 })
        .toBeGreaterThan(Date.now() - 60_000);
    } finally {
      await own.release();
    }
  });
});
