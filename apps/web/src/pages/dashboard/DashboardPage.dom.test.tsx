import { screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session/session.tsx';
import { renderScreen, stubApi } from '@/test/render.tsx';
import DashboardPage from './DashboardPage.tsx';

const person: SessionUser = {
  _id: 'u1',
  id: 'u1',
  username: 'maker',
  name: 'Maker',
  email: 'maker@example.com',
  emailVerified: false,
  isAdmin: false,
  bio: '',
  location: '',
  profilePicture: null,
  bannerImage: null,
  bannerImageMedium: null,
  socialLinks: { instagram: '', twitter: '', custom: '' },
  lastUsernameChange: null,
  profileCompleted: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  stats: { designs: 0, followers: 0, following: 0 },
};

const session = { user: person, refresh: vi.fn(async () => null), loadedAt: Date.now() };
vi.mock('@/lib/session/session.tsx', () => ({ useSession: () => session }));

// The tab row watches its size; jsdom has no layout, so nothing ever changes size here.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

const REMINDER = 'Confirm your email address: we sent a link to maker@example.com.';

describe('dashboard', () => {
  it('reminds a person whose address is unconfirmed, with a way to send a new link', () => {
    stubApi(() => undefined);
    session.user = person;
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    expect(screen.getByText(REMINDER)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeTruthy();
  });

  it('says nothing of it once the address is confirmed', () => {
    stubApi(() => undefined);
    session.user = { ...person, emailVerified: true };
    renderScreen(<DashboardPage />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'maker' })).toBeTruthy();
    expect(screen.queryByText(REMINDER)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });
});
