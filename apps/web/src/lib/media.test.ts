import { describe, expect, it } from 'vitest';
import { resolveMediaUrl } from './media.ts';

const fallback = '/assets/placeholder.svg';

describe('resolveMediaUrl', () => {
  it('serves /uploads paths from the API base', () => {
    expect(resolveMediaUrl('/uploads/avatars/a.webp', fallback, '')).toBe('/uploads/avatars/a.webp');
    expect(resolveMediaUrl('/uploads/a.webp', fallback, 'https://api.example.com')).toBe(
      'https://api.example.com/uploads/a.webp',
    );
  });

  it('uses absolute http(s) addresses as they are', () => {
    expect(resolveMediaUrl('https://cdn.example.com/a.png', fallback, '')).toBe(
      'https://cdn.example.com/a.png',
    );
  });

  it('falls back when the picture is missing or blank', () => {
    expect(resolveMediaUrl(null, fallback, '')).toBe(fallback);
    expect(resolveMediaUrl(undefined, fallback, '')).toBe(fallback);
    expect(resolveMediaUrl('  ', fallback, '')).toBe(fallback);
  });

  it('never lets a script or another site in through a relative-looking address', () => {
    expect(resolveMediaUrl('javascript:alert(1)', fallback, '')).toBe(fallback);
    expect(resolveMediaUrl('//evil.example.com/a.png', fallback, '')).toBe(fallback);
  });
});
