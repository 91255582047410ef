import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BANNER_SIZES, ProfileHeader, type ProfileHeaderUser } from './ProfileHeader.tsx';

const stats = { designs: 3, followers: 1204, following: 7 };
const person: ProfileHeaderUser = {
  username: 'LayerLab',
  name: 'Layer Lab',
  bio: '',
  location: '',
  profilePicture: null,
  bannerImage: null,
  bannerImageMedium: null,
};

describe('profile header markup', () => {
  it('shows the product’s texts for a missing location and bio, and the counters', () => {
    const html = renderToStaticMarkup(
      <ProfileHeader user={person} stats={stats} designsLabel="Designs" actions={null} />,
    );
    expect(html).toContain('No location set');
    expect(html).toContain('No bio available');
    expect(html).toContain('<h1 id="profile-username"');
    expect(html).toMatch(/<dt[^>]*>Designs<\/dt>/);
    expect(html).toMatch(/data-testid="followers-count">1,204</);
    expect(html).toMatch(/data-testid="designs-count">3</);
    expect(html).not.toContain('Joined');
  });

  it('on the dashboard: titles the bio, lists the links, shows the join date and waits for counters', () => {
    const html = renderToStaticMarkup(
      <ProfileHeader
        user={{ ...person, bio: 'I print terrain.' }}
        joinedAt="2025-03-09T12:00:00.000Z"
        bioTitle="Bio"
        socialLinks={{ instagram: 'https://instagram.com/layerlab', twitter: '', custom: '' }}
        stats={null}
        designsLabel="Total Designs"
        actions={<button type="button">Edit Profile</button>}
      />,
    );
    expect(html).toContain('>Bio</h2>');
    expect(html).toContain('I print terrain.');
    expect(html).toContain('>Instagram</a>');
    expect(html).not.toContain('>Twitter</a>');
    expect(html).toContain('Joined March 2025');
    expect(html).toMatch(/<dt[^>]*>Total Designs<\/dt>/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('>Edit Profile</button>');
  });

  it('offers the banner in both sizes, the half size for phones, with its layout size kept', () => {
    const html = renderToStaticMarkup(
      <ProfileHeader
        user={{
          ...person,
          bannerImage: '/uploads/banners/b1.webp',
          bannerImageMedium: '/uploads/banners/b1-medium.webp',
        }}
        stats={stats}
        designsLabel="Designs"
        actions={null}
      />,
    );
    const banner = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(banner).toContain('src="/uploads/banners/b1.webp"');
    expect(banner).toMatch(
      /srcset="\/uploads\/banners\/b1-medium\.webp 750w, \/uploads\/banners\/b1\.webp 1500w"/i,
    );
    expect(banner).toContain(`sizes="${BANNER_SIZES}"`);
    expect(banner).toMatch(/width="1500" height="500"/);
  });

  it('offers a banner stored without a half size in its one size, as before', () => {
    const html = renderToStaticMarkup(
      <ProfileHeader
        user={{ ...person, bannerImage: '/uploads/banners/b2.webp' }}
        stats={stats}
        designsLabel="Designs"
        actions={null}
      />,
    );
    const banner = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(banner).toContain('src="/uploads/banners/b2.webp"');
    expect(banner).not.toMatch(/srcSet|sizes/i);
  });
});
