import { describe, expect, it } from 'vitest';
import { parsePostmasterPid } from './postmaster-pid.ts';

describe('postmaster.pid', () => {
  it('reads the pid, folder, port, socket folder and state a server wrote', () => {
    const text = '2332\n/data/db\n1795650997\n5432\n/data/db\n\n  2311219         9\nready   \n';
    expect(parsePostmasterPid(text)).toEqual({
      pid: 2332,
      dataDir: '/data/db',
      port: 5432,
      socketDir: '/data/db',
      status: 'ready',
    });
  });

  it('treats a file the server is still writing as incomplete', () => {
    expect(parsePostmasterPid('2332\n/data/db\n')).toBeUndefined();
    expect(parsePostmasterPid('')).toBeUndefined();
    expect(parsePostmasterPid('not a pid\n/data/db\n1\n5432\n')).toBeUndefined();
  });
});
