import { describe, expect, it } from 'vitest';
import { hasSignedInHint } from './signed-in-hint.ts';

describe('hasSignedInHint', () => {
  it('finds the hint among other cookies, and nothing else', () => {
    expect(hasSignedInHint('pm_signed_in=1')).toBe(true);
    expect(hasSignedInHint('theme=dark; pm_signed_in=1; x=2')).toBe(true);
    expect(hasSignedInHint(undefined)).toBe(false);
    expect(hasSignedInHint('')).toBe(false);
    expect(hasSignedInHint('pm_signed_in=0')).toBe(false);
    expect(hasSignedInHint('pm_signed_in=')).toBe(false);
    expect(hasSignedInHint('xpm_signed_in=1')).toBe(false);
    expect(hasSignedInHint('pm_signed_in=1x')).toBe(false);
  });
});
