import type { ProfileResponse } from '@printmarket/shared/social';
import { describe, expect, it } from 'vitest';
import { withFollowCounts } from './follower-counts.ts';

const stats = { designs: 4, followers: 10, following: 2 };
const profile: ProfileResponse = {
  user: {
    _id: 'u1',
    id: 'u1',
    username: 'LayerLab',
    name: 'Layer Lab',
    bio: '',
    location: '',
    profilePicture: null,
    bannerImage: null,
    bannerImageMedium: null,
    socialLinks: { instagram: '', twitter: '', custom: '' },
    createdAt: '2025-01-01T00:00:00.000Z',
    stats,
  },
  stats,
};

describe('withFollowCounts', () => {
  it('takes the server’s counters into both copies of the stats, keeping the designs count', () => {
    const next = withFollowCounts(profile, { followers: 13, following: 2 });
    expect(next.stats).toEqual({ designs: 4, followers: 13, following: 2 });
    expect(next.user.stats).toEqual(next.stats);
    expect(next.user.username).toBe('LayerLab');
    // The cached object is not changed in place (TanStack Query compares by reference).
    expect(profile.stats.followers).toBe(10);
  });
});
