import type { DesignTakedown } from '@printmarket/shared/admin';
import type { DesignDetail } from '@printmarket/shared/types';
import { act, screen, within } from '@testing-library/preact';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useDesign } from '@/features/designs/api/get-design.ts';
import type { SessionUser } from '@/lib/session/session.tsx';
import { testDesignDetail } from '@/test/design-detail.ts';
import { renderScreen, stubApi } from '@/test/render.tsx';
import { pressAndSettle } from '@/test/settle.ts';
import { DesignModeration } from './DesignModeration.tsx';

const person: SessionUser = {
  _id: 'u9',
  id: 'u9',
  username: 'visitor',
  name: 'Visitor',
  email: 'visitor@example.com',
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
const session: { user: SessionUser | null } = { user: person };
vi.mock('@/lib/session/session.tsx', () => ({ useSession: () => session }));

// Both parts are fetched when first shown; fetched here first, the wait for them is not a race with
// the first compile of their modules.
beforeAll(() =>
  Promise.all([
    import('@/features/admin/components/DesignOperatorActions.tsx'),
    import('@/features/designs/components/TakedownNotice.tsx'),
  ]),
);

/**
 * Even compiled, their code arrives through a dynamic import, which the test runner answers by way
 * of its main process: on a busy machine that takes longer than a render.
 */
const LAZY_CODE_MS = 10_000;

const takedown: DesignTakedown = {
  at: '2026-03-04T12:00:00.000Z',
  reason: 'Copies the Acme vase.',
  reply: null,
};

const design = (change: Partial<DesignDetail> = {}): DesignDetail =>
  testDesignDetail({ canDownload: true, canViewModel: true, ...change });

/** The design page's top, fed by the design page's own query, as the page has it. */
function Top() {
  const query = useDesign('maker', 'vase', session.user?.id ?? null);
  if (!query.data) return <p>Loading...</p>;
  return (
    <>
      <h1>{query.data.name}</h1>
      <DesignModeration design={query.data} />
    </>
  );
}

/** The design answers as it is now; a takedown changes what it answers next. */
function stubDesign(initial: DesignDetail) {
  let current = initial;
  return stubApi((call) => {
    if (call.path === '/api/designs/maker/vase') return { json: current };
    if (call.path === '/api/admin/designs/d1/takedown') {
      current = { ...current, takedown };
      return {
        json: {
          design: { id: 'd1', name: 'Vase', path: '/design/maker/vase', ownerUsername: 'maker', takedown },
        },
      };
    }
    return undefined;
  });
}

const render = () => renderScreen(<Top />, { path: '/design/maker/vase' });

describe('Design page: takedown notice and operator actions', () => {
  it('shows a member who is not an operator nothing on a design that is up', async () => {
    session.user = person;
    stubDesign(design());
    render();
    await screen.findByRole('heading', { name: 'Vase' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Operator actions' })).toBeNull();
  });

  it('shows the owner the notice and the reply form, without operator actions', async () => {
    session.user = { ...person, id: 'u1', _id: 'u1', username: 'maker' };
    stubDesign(design({ canEdit: true, takedown }));
    render();
    const notice = await screen.findByRole(
      'region',
      { name: 'This design was taken down' },
      { timeout: LAZY_CODE_MS },
    );
    expect(within(notice).getByText('Copies the Acme vase.')).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Send reply' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Operator actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take down' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('lets an operator take a design down, then shows the page as it is now', async () => {
    session.user = { ...person, isAdmin: true };
    const calls = stubDesign(design());
    const { user, queryClient } = render();
    const bar = await screen.findByRole('region', { name: 'Operator actions' }, { timeout: LAZY_CODE_MS });
    expect(screen.queryByRole('region', { name: 'This design was taken down' })).toBeNull();
    await act(() => user.click(within(bar).getByRole('button', { name: 'Take down' })));
    const dialog = screen.getByRole('dialog', { name: 'Take down the design' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Copies the Acme vase.');
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Take down design' }),
      calls,
      queryClient,
    );
    // The design is asked for again: the notice and Restore come from its new answer.
    const notice = await screen.findByRole(
      'region',
      { name: 'This design was taken down' },
      { timeout: LAZY_CODE_MS },
    );
    expect(within(notice).getByText('The owner has not replied.')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/designs/maker/vase')).toHaveLength(2);
  });
});
