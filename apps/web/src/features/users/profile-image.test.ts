import { describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES, profileImageProblem } from './profile-image.ts';

describe('profileImageProblem', () => {
  it('accepts images up to the size limit', () => {
    expect(profileImageProblem({ type: 'image/png', size: 2048 })).toBeNull();
    expect(profileImageProblem({ type: 'image/jpeg', size: PROFILE_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses files that are not images', () => {
    expect(profileImageProblem({ type: 'application/pdf', size: 10 })).toMatch(/image file/);
    expect(profileImageProblem({ type: '', size: 10 })).toMatch(/image file/);
  });

  it('refuses images over the limit', () => {
    expect(profileImageProblem({ type: 'image/png', size: PROFILE_IMAGE_MAX_BYTES + 1 })).toMatch(/10 MB/);
  });
});
