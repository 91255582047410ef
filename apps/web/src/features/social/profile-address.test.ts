import { describe, expect, it } from 'vitest';
import { canonicalProfileAddress, profilePath } from './profile-address.ts';

describe('profile addresses', () => {
  it('builds /profile/{username}', () => {
    expect(profilePath('LayerLab')).toBe('/profile/LayerLab');
  });

  it('moves an old username, or other capitals, to the current name, keeping tab and sort', () => {
    expect(canonicalProfileAddress('oldname', 'NewName', { search: '?tab=likes', hash: '' })).toBe(
      '/profile/NewName?tab=likes',
    );
    expect(canonicalProfileAddress('layerlab', 'LayerLab', { search: '', hash: '#top' })).toBe(
      '/profile/LayerLab#top',
    );
  });

  it('leaves a correct address alone', () => {
    expect(
      canonicalProfileAddress('LayerLab', 'LayerLab', { search: '?sort=most-liked', hash: '' }),
    ).toBeNull();
  });
});
