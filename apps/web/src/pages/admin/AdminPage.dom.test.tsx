import { OPERATORS_ONLY } from '@printmarket/shared/admin';
import { screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session/session.tsx';
import { renderScreen, stubApi } from '@/test/render.tsx';
import AdminPage from './AdminPage.tsx';

const person: SessionUser = {
  _id: 'u1',
  id: 'u1',
  username: 'maker',
  name: 'Maker',
  email: 'maker@example.com',
  emailVerified: true,
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

const session = { user: person };
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

describe('operator console', () => {
  it('tells a member who is not an operator that only operators may, and asks the server nothing', () => {
    const calls = stubApi(() => undefined);
    session.user = person;
    renderScreen(<AdminPage />, { path: '/admin' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(OPERATORS_ONLY);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('opens an operator on the reports queue, with the audit log in the other tab', async () => {
    stubApi((call) => (call.path === '/api/admin/reports' ? { json: { reports: [] } } : undefined));
    session.user = { ...person, isAdmin: true };
    renderScreen(<AdminPage />, { path: '/admin' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Operator console');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Reports', 'Audit log']);
    expect(await screen.findByText('No open reports.')).toBeTruthy();
  });
});
