import fs from 'node:fs';
import path from 'node:path';

/**
 * An embedded database directory may be opened by one process only: two PGlite instances
 * writing the same files corrupt them. The lock file holds the owner's pid; a lock left by a
 * process that no longer exists is taken over.
 */
export function lockDirectory(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, '..', `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        fs.rmSync(lockPath, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new DatabaseInUseError(dir, owner);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the database directory ${dir}`);
}

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is already open in another process (pid ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
