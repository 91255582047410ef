import { describe, expect, it } from 'vitest';
import { parseCornerVertex } from './face-corner.ts';
import { latin1 } from './obj-fixtures.ts';

const corner = (word: string) => {
  // Inside a larger buffer, as the scanner passes words: only [start, end) may be read.
  const bytes = latin1(`9/${word}/9`);
  return parseCornerVertex(bytes, 2, 2 + word.length);
};

describe('face corners', () => {
  it('give the vertex number of every form, as written', () => {
    expect(['7', '7/2', '7//3', '7/2/3', '+7', '-7', '-7/-1/-1', '0', '12345678901'].map(corner)).toEqual([
      7, 7, 7, 7, 7, -7, -7, 0, 12345678901,
    ]);
  });

  it('take empty texture and normal parts', () => {
    expect(['7/', '7//', '7/2/'].map(corner)).toEqual([7, 7, 7]);
  });

  it('are NaN for words that are no corner', () => {
    for (const word of [
      '',
      '-',
      '+',
      '/1',
      '//1',
      '7/x',
      '7/2/3/4',
      '7//-',
      '7.0',
      '7e1',
      'x7',
      '7 ',
      '0x7',
      '7/2/3/',
    ]) {
      expect(corner(word)).toBeNaN();
    }
  });
});
