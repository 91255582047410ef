import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { embeddedServerPid } from './embedded-db.mjs';
import { cpuTimeMs, processGroup, processMemory, processTree, summedMemory } from './process-tree.mjs';

const MB = 2 ** 20;
const started: ChildProcess[] = [];
const pidsToEnd: number[] = [];

/**
 * Runs `node -e script` (extra arguments after it) and resolves with the first line it prints,
 * parsed as JSON. The script keeps running until its stdin closes.
 */
function run(script: string, args: string[] = [], options: { detached?: boolean } = {}) {
  const child = spawn(process.execPath, ['-e', script, '--', ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: options.detached,
  });
  started.push(child);
  const firstLine = new Promise<Record<string, number>>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) resolve(JSON.parse(text.slice(0, end)));
    });
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before printing`)));
  });
  return { child, firstLine };
}

/** A child that starts a grandchild (both waiting on stdin) and prints the grandchild's pid. */
const WITH_GRANDCHILD = `
  const { spawn } = require('node:child_process');
  const grandchild = spawn(process.execPath, ['-e', 'process.stdin.resume()'], { stdio: ['pipe', 'ignore', 'inherit'] });
  console.log(JSON.stringify({ grandchild: grandchild.pid }));
  process.stdin.resume();
  process.stdin.on('end', () => { grandchild.kill('SIGKILL'); process.exit(0); });
`;

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  for (const pid of pidsToEnd.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended already
    }
  }
});

describe.runIf(process.platform === 'linux')('process figures from /proc', () => {
  it('finds a process, its child and its grandchild', async () => {
    const { child, firstLine } = run(WITH_GRANDCHILD);
    const { grandchild } = await firstLine;
    pidsToEnd.push(Number(grandchild));
    const tree = processTree(Number(child.pid));
    expect(tree[0]).toBe(child.pid);
    expect(tree).toContain(grandchild);
    expect(processTree(process.pid)).toEqual(expect.arrayContaining([child.pid, grandchild]));
  });

  it('finds no tree for a process that has ended', async () => {
    const { child, firstLine } = run('console.log("{}"); process.stdin.resume()');
    await firstLine;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(processTree(Number(child.pid))).toEqual([]);
  });

  it('lists the processes of a process group, a child started by its leader included', async () => {
    const { child, firstLine } = run(WITH_GRANDCHILD, [], { detached: true });
    const { grandchild } = await firstLine;
    pidsToEnd.push(Number(grandchild));
    expect(processGroup(Number(child.pid)).sort()).toEqual([child.pid, grandchild].sort());
  });

  it('reads memory a process has touched, PSS at most RSS, and sums it over processes', async () => {
    const { child, firstLine } = run(
      'const b = Buffer.alloc(96 * 2 ** 20, 1); console.log(JSON.stringify({ n: b.length })); process.stdin.resume()',
    );
    await firstLine;
    const pid = Number(child.pid);
    const memory = processMemory(pid);
    expect(memory.rssBytes).toBeGreaterThan(96 * MB);
    expect(memory.pssBytes).not.toBeNull();
    expect(memory.pssBytes ?? 0).toBeGreaterThan(90 * MB);
    expect(memory.pssBytes ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(memory.rssBytes);

    const own = processMemory(process.pid);
    const sum = summedMemory([pid, process.pid]);
    expect(sum.processes).toBe(2);
    // Read a moment apart, the figures move a little; the sum is of the two, not of one.
    expect(sum.rssBytes).toBeGreaterThan(memory.rssBytes + own.rssBytes / 2);
    expect(summedMemory([pid, 2 ** 22 + 1]).processes).toBe(1);
  });

  it('reads the CPU time a process has used, as the process itself counts it', async () => {
    const { child, firstLine } = run(`
      const start = process.cpuUsage();
      while (process.cpuUsage(start).user < 300_000) {}
      const used = process.cpuUsage();
      console.log(JSON.stringify({ ms: (used.user + used.system) / 1000 }));
      process.stdin.resume();
    `);
    const { ms } = await firstLine;
    const read = cpuTimeMs(Number(child.pid));
    // /proc counts in clock ticks (10 ms); the process went on a little after measuring itself.
    expect(read).toBeGreaterThanOrEqual(Number(ms) - 20);
    expect(read).toBeLessThan(Number(ms) + 200);
  });
});

describe.runIf(process.platform === 'linux')('the embedded server of a data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printmarket-bench-test-'));
  const dbDir = path.join(dataDir, 'db');
  fs.mkdirSync(dbDir);
  afterEach(() => fs.rmSync(path.join(dbDir, 'postmaster.pid'), { force: true }));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is the process postmaster.pid names when it was started on that folder', async () => {
    // A process whose arguments say `-D <dataDir>/db`, as the server's do.
    const { child, firstLine } = run('console.log("{}"); process.stdin.resume()', ['-D', dbDir]);
    await firstLine;
    fs.writeFileSync(path.join(dbDir, 'postmaster.pid'), `${child.pid}\n${dbDir}\n1\n5432\n`);
    expect(embeddedServerPid(dataDir)).toBe(child.pid);
  });

  it('is none when postmaster.pid names a process of another folder, or one that has ended', async () => {
    const { child, firstLine } = run('console.log("{}"); process.stdin.resume()', ['-D', `${dbDir}-other`]);
    await firstLine;
    fs.writeFileSync(path.join(dbDir, 'postmaster.pid'), `${child.pid}\n${dbDir}\n1\n5432\n`);
    expect(embeddedServerPid(dataDir)).toBeNull();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(embeddedServerPid(dataDir)).toBeNull();
    fs.rmSync(path.join(dbDir, 'postmaster.pid'));
    expect(embeddedServerPid(dataDir)).toBeNull();
  });
});
