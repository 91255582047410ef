import type { PublicProfile } from '@printmarket/shared/social';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FollowButton } from './FollowButton.tsx';
import { ProfileAboutPanel } from './ProfileAboutPanel.tsx';

const stats = { designs: 3, followers: 1204, following: 7 };
const person: PublicProfile = {
  _id: 'u1',
  id: 'u1',
  username: 'LayerLab',
  name: 'Layer Lab',
  bio: '',
  location: '',
  profilePicture: null,
  bannerImage: null,
  bannerImageMedium: null,
  socialLinks: { instagram: 'https://instagram.com/layerlab', twitter: 'javascript:alert(1)', custom: '' },
  createdAt: '2025-03-09T12:00:00.000Z',
  stats,
};

function render(node: ReactNode): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('public profile markup', () => {
  it('makes links only of http(s) addresses, opened safely, and shows the join date', () => {
    const html = render(<ProfileAboutPanel username="LayerLab" shown={person} />);
    expect(html).toContain(
      '<a href="https://instagram.com/layerlab" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<span>javascript:alert(1)</span>');
    expect(html).toContain('<time datetime="2025-03-09T12:00:00.000Z">March 9, 2025</time>');
    expect(html).toContain('No bio available');
  });

  it('offers visitors an enabled Follow button and holds it while the session loads', () => {
    const profile = { id: 'u1', username: 'LayerLab' };
    const visitor = render(
      <FollowButton profile={profile} viewer={{ status: 'signed-out' }} onChanged={() => {}} />,
    );
    expect(visitor).toMatch(/<button[^>]*>Follow<\/button>/);
    expect(visitor).not.toMatch(/disabled/);
    const loading = render(
      <FollowButton profile={profile} viewer={{ status: 'loading' }} onChanged={() => {}} />,
    );
    expect(loading).toMatch(/ disabled(?=[ >])/);
  });
});
