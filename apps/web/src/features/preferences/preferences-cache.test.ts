import { describe, expect, it } from 'vitest';
import { readCachedPreferences, writeCachedPreferences } from './preferences-cache.ts';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

describe('remembered preferences', () => {
  it('gives back what was written, per person', () => {
    const store = memoryStore();
    writeCachedPreferences('a', { homeSort: 'most-popular', autoOpen3d: true }, store);
    expect(readCachedPreferences('a', store)).toEqual({ homeSort: 'most-popular', autoOpen3d: true });
    expect(readCachedPreferences('b', store)).toBeUndefined();
  });

  it('ignores stored values that are not valid preferences', () => {
    const store = memoryStore();
    store.setItem('preferences:a', '{not json');
    expect(readCachedPreferences('a', store)).toBeUndefined();
    store.setItem('preferences:a', JSON.stringify({ homeSort: 'oldest' }));
    expect(readCachedPreferences('a', store)).toBeUndefined();
    store.setItem('preferences:a', JSON.stringify({ autoOpen3d: 'yes' }));
    expect(readCachedPreferences('a', store)).toBeUndefined();
    store.setItem('preferences:a', JSON.stringify({ homeSort: 'newest', theme: 'dark' }));
    expect(readCachedPreferences('a', store)).toBeUndefined();
    for (const notAnObject of ['null', '[]', '"newest"']) {
      store.setItem('preferences:a', notAnObject);
      expect(readCachedPreferences('a', store)).toBeUndefined();
    }
  });

  it('fills fields an older version did not store with the defaults', () => {
    const store = memoryStore();
    store.setItem('preferences:a', JSON.stringify({ homeSort: 'most-downloaded' }));
    expect(readCachedPreferences('a', store)).toEqual({ homeSort: 'most-downloaded', autoOpen3d: false });
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readCachedPreferences('a', broken)).toBeUndefined();
    expect(() =>
      writeCachedPreferences('a', { homeSort: 'newest', autoOpen3d: false }, broken),
    ).not.toThrow();
  });
});
