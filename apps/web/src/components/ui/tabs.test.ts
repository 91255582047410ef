import { describe, expect, it } from 'vitest';
import { searchWithTab, tabFromAddress, tabIndexAfterKey } from './tabs.ts';

const TABS = [
  { id: 'designs', label: 'My Designs' },
  { id: 'collections', label: 'My Collections' },
  { id: 'liked', label: 'Liked Designs' },
] as const;

describe('tabs', () => {
  it('moves with the arrow keys, wrapping at the ends, and jumps with Home and End', () => {
    expect(tabIndexAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabIndexAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('ArrowLeft', 2, 3)).toBe(1);
    expect(tabIndexAfterKey('Home', 2, 3)).toBe(0);
    expect(tabIndexAfterKey('End', 0, 3)).toBe(2);
    expect(tabIndexAfterKey('Enter', 1, 3)).toBeNull();
    expect(tabIndexAfterKey('ArrowDown', 1, 3)).toBeNull();
  });

  it('reads the tab from the address, falling back to the first', () => {
    expect(tabFromAddress('liked', TABS)).toBe('liked');
    expect(tabFromAddress(null, TABS)).toBe('designs');
    expect(tabFromAddress('settings', TABS)).toBe('designs');
  });

  it('writes the tab into the address, leaving the first one out and other keys alone', () => {
    const search = new URLSearchParams('tab=liked&x=1');
    expect(searchWithTab(search, 'collections', TABS).toString()).toBe('tab=collections&x=1');
    expect(searchWithTab(search, 'designs', TABS).toString()).toBe('x=1');
    expect(search.toString()).toBe('tab=liked&x=1');
  });
});
