import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { DatabaseInUseError, lockDirectory } from './lock.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'printmarket-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('embedded database lock', () => {
  it('refuses a second opening of the same directory with a clear message, and allows it after close', async () => {
    const dir = path.join(root, 'db');
    const first = await openDatabase({ engine: 'pglite', dir });
    await expect(openDatabase({ engine: 'pglite', dir })).rejects.toThrow(DatabaseInUseError);
    await expect(openDatabase({ engine: 'pglite', dir })).rejects.toThrow(/already open in another process/);
    await first.destroy();
    const again = await openDatabase({ engine: 'pglite', dir });
    await again.destroy();
    // Two openings of the embedded database (one with its migrations): a minute and more on a busy
    // two-core machine. The limit only catches a hang.
  }, 180_000);

  it('refuses while another live process holds the lock', async () => {
    const dir = path.join(root, 'held');
    fs.mkdirSync(dir);
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const ended = new Promise((resolve) => holder.once('exit', resolve));
    try {
      fs.writeFileSync(path.join(root, 'held.lock'), String(holder.pid));
      expect(() => lockDirectory(dir)).toThrow(new RegExp(`pid ${holder.pid}`));
    } finally {
      holder.kill();
      await ended;
    }
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = path.join(root, 'stale');
    fs.mkdirSync(dir);
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    fs.writeFileSync(path.join(root, 'stale.lock'), String(gone.pid));
    const release = lockDirectory(dir);
    expect(fs.readFileSync(path.join(root, 'stale.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(root, 'stale.lock'))).toBe(false);
  });
});
