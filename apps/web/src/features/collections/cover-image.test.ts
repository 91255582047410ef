import { describe, expect, it } from 'vitest';
import { COVER_TYPE_PROBLEM, coverImageProblem } from './cover-image.ts';

describe('coverImageProblem', () => {
  it('accepts the image types the server reads and refuses anything else', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/bmp'])
      expect(coverImageProblem({ type })).toBeNull();
    for (const type of ['image/svg+xml', 'application/pdf', 'model/stl', ''])
      expect(coverImageProblem({ type })).toBe(COVER_TYPE_PROBLEM);
  });
});
