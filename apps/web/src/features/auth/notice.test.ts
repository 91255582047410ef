import { describe, expect, it } from 'vitest';
import { readNotice } from './notice.ts';

describe('readNotice', () => {
  it('reads a notice passed by the previous screen', () => {
    expect(readNotice({ notice: 'Failed to sign in with Google' })).toBe('Failed to sign in with Google');
  });

  it('ignores anything else in the history state', () => {
    expect(readNotice(null)).toBeNull();
    expect(readNotice('text')).toBeNull();
    expect(readNotice({ notice: 42 })).toBeNull();
    expect(readNotice({ notice: '  ' })).toBeNull();
  });
});
