import { describe, expect, it } from 'vitest';
import { toProfileFormData } from './update-profile.ts';

describe('toProfileFormData', () => {
  it('sends the bio and the chosen picture under the names the API reads', () => {
    const picture = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const body = toProfileFormData({ bio: 'I print dragons.', profilePicture: picture });
    expect(body.get('bio')).toBe('I print dragons.');
    expect((body.get('profilePicture') as File).name).toBe('me.png');
    expect(body.has('username')).toBe(false);
    expect(body.has('bannerImage')).toBe(false);
  });

  it('sends social links as JSON and no picture when none was chosen', () => {
    const body = toProfileFormData({
      socialLinks: { instagram: 'https://instagram.com/me', twitter: '', custom: '' },
      profilePicture: null,
    });
    expect(JSON.parse(body.get('socialLinks') as string)).toEqual({
      instagram: 'https://instagram.com/me',
      twitter: '',
      custom: '',
    });
    expect(body.has('profilePicture')).toBe(false);
  });
});
