import { describe, expect, it } from 'vitest';
import { profileLinks } from './social-links.ts';

describe('profileLinks', () => {
  it('lists the filled links in a fixed order with their labels', () => {
    expect(
      profileLinks({ custom: 'https://maker.example', twitter: '', instagram: 'http://instagram.com/me' }),
    ).toEqual([
      {
        kind: 'instagram',
        label: 'Instagram',
        text: 'http://instagram.com/me',
        href: 'http://instagram.com/me',
      },
      { kind: 'custom', label: 'Website', text: 'https://maker.example', href: 'https://maker.example' },
    ]);
  });

  it('never makes a link of anything but an http(s) address', () => {
    const links = profileLinks({
      instagram: 'javascript:alert(1)',
      twitter: 'data:text/html,<b>hi</b>',
      custom: '//evil.example',
    });
    expect(links.map((link) => link.href)).toEqual([null, null, null]);
    expect(links.map((link) => link.text)).toEqual([
      'javascript:alert(1)',
      'data:text/html,<b>hi</b>',
      '//evil.example',
    ]);
  });

  it('copes with missing links', () => {
    expect(profileLinks(undefined)).toEqual([]);
    expect(profileLinks({ instagram: '   ' })).toEqual([]);
  });
});
