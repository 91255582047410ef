import { OPERATORS_ONLY } from '@printmarket/shared/admin';
import { act, screen } from '@testing-library/preact';
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

  it('opens an operator on the reports queue, with the other sections in tabs', async () => {
    stubApi((call) => (call.path === '/api/admin/reports' ? { json: { reports: [] } } : undefined));
    session.user = { ...person, isAdmin: true };
    renderScreen(<AdminPage />, { path: '/admin' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Operator console');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Reports',
      'Taken down',
      'People',
      'Purchases',
      'Audit log',
    ]);
    expect(await screen.findByText('No open reports.')).toBeTruthy();
  });

  it('moves between the sections with the arrow keys, keeping the section in the address', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/admin/designs' ? { json: { designs: [] } } : { json: { reports: [] } },
    );
    session.user = { ...person, isAdmin: true };
    const { user, router } = renderScreen(<AdminPage />, { path: '/admin' });
    await screen.findByText('No open reports.');
    await act(async () => {
      screen.getByRole('tab', { name: 'Reports' }).focus();
      await user.keyboard('{ArrowRight}');
    });
    expect(screen.getByRole('tab', { name: 'Taken down' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Taken down' }));
    expect(await screen.findByText('No taken-down designs.')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=taken-down');
    await act(() => user.keyboard('{ArrowRight}'));
    expect(screen.getByRole('tabpanel', { name: 'People' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toBeTruthy();
    await act(() => user.keyboard('{ArrowRight}'));
    expect(screen.getByRole('searchbox', { name: 'Search purchases' })).toBeTruthy();
    // Nothing is asked of people or purchases before a search.
    expect(calls.map((call) => call.path)).toEqual(['/api/admin/reports', '/api/admin/designs']);
  });
});
