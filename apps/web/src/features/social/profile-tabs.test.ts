import { describe, expect, it } from 'vitest';
import { PROFILE_TABS, parseProfileTab, tabIndexAfterKey } from './profile-tabs.ts';

describe('profile tabs', () => {
  it('are Designs, Likes and About, in that order', () => {
    expect(PROFILE_TABS.map((tab) => tab.label)).toEqual(['Designs', 'Likes', 'About']);
  });

  it('reads the tab from the address and falls back to Designs', () => {
    expect(parseProfileTab('likes')).toBe('likes');
    expect(parseProfileTab('about')).toBe('about');
    expect(parseProfileTab(null)).toBe('designs');
    expect(parseProfileTab('settings')).toBe('designs');
  });

  it('moves with the arrow keys, wrapping around, and jumps with Home and End', () => {
    expect(tabIndexAfterKey(0, 'ArrowRight', 3)).toBe(1);
    expect(tabIndexAfterKey(2, 'ArrowRight', 3)).toBe(0);
    expect(tabIndexAfterKey(0, 'ArrowLeft', 3)).toBe(2);
    expect(tabIndexAfterKey(1, 'Home', 3)).toBe(0);
    expect(tabIndexAfterKey(0, 'End', 3)).toBe(2);
    expect(tabIndexAfterKey(1, 'Enter', 3)).toBeNull();
    expect(tabIndexAfterKey(0, 'ArrowDown', 3)).toBeNull();
  });
});
