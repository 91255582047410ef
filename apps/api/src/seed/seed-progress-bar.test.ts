import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { seedProgressBar } from './seed-progress-bar.ts';

describe('seed progress bar', () => {
  it('off a terminal, writes plain lines: each phase from its start to its final count', () => {
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    }) as unknown as NodeJS.WriteStream;
    const bar = seedProgressBar(stream);
    for (let done = 1; done <= 3; done++) bar.update({ phase: 'catalogue files', done, total: 3 });
    bar.update({ phase: 'designs', done: 500, total: 1000 });
    bar.update({ phase: 'designs', done: 1000, total: 1000 });
    bar.stop();

    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    const shown = lines.slice(0, -1).map((line) => line.replace(/\[.*\]/, '[]').replace(/\| \d+s$/, '|'));
    // No terminal codes, no blank lines; the first line of a phase at 0, its last at the total.
    expect(text.includes(String.fromCharCode(27))).toBe(false);
    expect(shown).toEqual([
      'catalogue files [] 0/3 0% |',
      'catalogue files [] 3/3 100% |',
      'designs         [] 0/1000 0% |',
      'designs         [] 1000/1000 100% |',
    ]);
  });
});
