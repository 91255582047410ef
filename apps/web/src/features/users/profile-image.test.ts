import { PROFILE_IMAGE_MAX_BYTES } from '@printmarket/shared/constants';
import { describe, expect, it } from 'vitest';
import { profileImageProblem } from './profile-image.ts';

describe('profileImageProblem', () => {
  it('accepts images up to the size limit', () => {
    expect(profileImageProblem({ type: 'image/png', size: 2048 })).toBeNull();
    expect(profileImageProblem({ type: 'image/jpeg', size: PROFILE_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses files that are not images', () => {
    expect(profileImageProblem({ type: 'application/pdf', size: 10 })).toMatch(/PNG, JPEG, GIF or BMP image/);
    expect(profileImageProblem({ type: '', size: 10 })).toMatch(/PNG, JPEG, GIF or BMP image/);
  });

  it('refuses image types the server does not accept', () => {
    expect(profileImageProblem({ type: 'image/webp', size: 10 })).toMatch(/PNG, JPEG, GIF or BMP image/);
    expect(profileImageProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPEG, GIF or BMP image/);
  });

  it('refuses images over the limit', () => {
    expect(profileImageProblem({ type: 'image/png', size: PROFILE_IMAGE_MAX_BYTES + 1 })).toMatch(/10 MB/);
  });
});
