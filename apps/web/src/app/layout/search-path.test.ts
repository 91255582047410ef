import { describe, expect, it } from 'vitest';
import { searchPath } from './search-path.ts';

describe('searchPath', () => {
  it('goes to the search screen with the trimmed text', () => {
    expect(searchPath('  dragon  ')).toBe('/search?query=dragon');
  });

  it('encodes characters that would break the address', () => {
    expect(searchPath('cable clip & hook #2')).toBe('/search?query=cable+clip+%26+hook+%232');
    expect(new URLSearchParams(searchPath('a+b=c')!.split('?')[1]).get('query')).toBe('a+b=c');
  });

  it('does not submit empty or blank text', () => {
    expect(searchPath('')).toBeNull();
    expect(searchPath('   \t')).toBeNull();
  });
});
