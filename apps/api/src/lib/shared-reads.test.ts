import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.ts';

/** A piece of work the test finishes when it chooses. */
function controlled<T>() {
  let finish!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

describe('SharedReads', () => {
  it('gives askers of the same key during one piece of work its result, and other keys their own', async () => {
    const reads = new SharedReads<string>();
    const started: string[] = [];
    const first = controlled<string>();
    const other = controlled<string>();
    const work = (key: string, job: { promise: Promise<string> }) => () => {
      started.push(key);
      return job.promise;
    };
    const a = reads.read('page-1', work('page-1', first));
    const b = reads.read('page-1', work('page-1', first));
    const c = reads.read('page-2', work('page-2', other));
    expect(started).toEqual(['page-1', 'page-2']);
    first.finish('one');
    other.finish('two');
    expect(await Promise.all([a, b, c])).toEqual(['one', 'one', 'two']);
  });

  it('starts anew once the work has settled, after a failure too', async () => {
    const reads = new SharedReads<string>();
    const failing = controlled<string>();
    const a = reads.read('k', () => failing.promise);
    const b = reads.read('k', () => Promise.resolve('not started'));
    failing.fail(new Error('database away'));
    await expect(a).rejects.toThrow('database away');
    await expect(b).rejects.toThrow('database away');
    expect(await reads.read('k', () => Promise.resolve('fresh'))).toBe('fresh');
    expect(await reads.read('k', () => Promise.resolve('fresher'))).toBe('fresher');
  });
});
