import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerRange } from './byte-range.ts';

describe('byte ranges', () => {
  it('reads the three single-range forms', () => {
    expect(answerRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(answerRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(answerRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(answerRange('bytes=-1000', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(answerRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
  });

  it('answers unsatisfiable ranges, and serves the whole file for ones it does not honour', () => {
    expect(answerRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(answerRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    for (const header of [undefined, '', 'bytes=5-1', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-', 'bytes=a-b']) {
      expect(answerRange(header, 100), String(header)).toEqual({ kind: 'full' });
    }
  });

  it('always stays within the file', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 1e9 }), (a, b, size) => {
        const answer = answerRange(`bytes=${a}-${b}`, size);
        if (answer.kind === 'partial') {
          expect(answer.start).toBeGreaterThanOrEqual(0);
          expect(answer.end).toBeLessThan(size);
          expect(answer.start).toBeLessThanOrEqual(answer.end);
        }
      }),
    );
  });
});
