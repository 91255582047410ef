import type { AdminReport } from '@printmarket/shared/admin';
import { REPORT_REASON_LABELS } from '@printmarket/shared/reports';
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { rootKeys } from '@/lib/query-keys.ts';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { pressAndSettle } from '@/test/settle.ts';
import { REASON_REQUIRED } from './ReasonForm.tsx';
import { ReportsPanel } from './ReportsPanel.tsx';

const report: AdminReport = {
  id: 'r1',
  status: 'open',
  reason: 'spam',
  details: 'Same picture as ten others.',
  createdAt: '2026-03-03T12:00:00.000Z',
  reporter: { id: 'u2', username: 'watcher' },
  target: {
    type: 'design',
    id: 'd1',
    label: 'Gear vase',
    path: '/design/GearheadGus/gear-vase',
    ownerUsername: 'GearheadGus',
  },
  openReportsOnTarget: 2,
  resolution: null,
};

const resolved: AdminReport = {
  ...report,
  status: 'resolved',
  openReportsOnTarget: 0,
  resolution: { action: 'dismiss', note: 'Not spam.', by: 'operator', at: '2026-03-04T12:00:00.000Z' },
};

const resolves = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => [call.path, JSON.parse(String(call.body))]);

/** The queue answers `open` until something is dismissed, then nothing; resolved shows `resolved`. */
function stubQueue() {
  let open = [report];
  return stubApi((call) => {
    if (call.path === '/api/admin/reports') {
      return { json: { reports: call.search === '?status=resolved' ? [resolved] : open } };
    }
    if (call.path === '/api/admin/reports/r1/resolve') {
      open = [];
      return { json: { resolved: 2 } };
    }
    return undefined;
  });
}

describe('Operator console > Reports', () => {
  it('shows an open report with its target linked, the reason, the reporter and the count on the target', async () => {
    const calls = stubQueue();
    renderScreen(<ReportsPanel onUnauthorized={() => {}} />, { path: '/admin' });
    const link = await screen.findByRole('link', { name: 'Gear vase' });
    expect(link.getAttribute('href')).toBe('/design/GearheadGus/gear-vase');
    expect(screen.getByText('by GearheadGus')).toBeTruthy();
    expect(screen.getByText(REPORT_REASON_LABELS.spam)).toBeTruthy();
    expect(screen.getByText('Same picture as ten others.')).toBeTruthy();
    expect(screen.getByText('watcher')).toBeTruthy();
    expect(screen.getByText('Mar 3, 2026')).toBeTruthy();
    expect(screen.getByText('2 open reports on this')).toBeTruthy();
    expect(calls.map((call) => call.search)).toEqual(['?status=open']);
  });

  it('dismisses with the note, refreshes the queue and says how many were dismissed', async () => {
    const calls = stubQueue();
    const { user, queryClient } = renderScreen(<ReportsPanel onUnauthorized={() => {}} />, {
      path: '/admin',
    });
    await screen.findByRole('link', { name: 'Gear vase' });
    // In act: the dialog's effect opens it before the test looks.
    await act(() => user.click(screen.getByRole('button', { name: 'Dismiss' })));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss reports' });
    await user.type(within(dialog).getByLabelText('Note for the audit log'), 'Not spam.');
    await act(async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
      await vi.waitFor(() => expect(queryClient.isMutating()).toBe(0));
    });
    expect(await screen.findByText('Dismissed 2 reports.')).toBeTruthy();
    expect(screen.getByText('No open reports.')).toBeTruthy();
    expect(resolves(calls)).toEqual([
      ['/api/admin/reports/r1/resolve', { action: 'dismiss', note: 'Not spam.' }],
    ]);
    expect(calls.filter((call) => call.path === '/api/admin/reports')).toHaveLength(2);
  });

  it("shows the server's word when the report was resolved meanwhile, and keeps the dialog open", async () => {
    stubApi((call) => {
      if (call.path === '/api/admin/reports') return { json: { reports: [report] } };
      if (call.method === 'POST') {
        return { status: 409, json: { message: 'This report is not open.', code: 'REPORT_NOT_OPEN' } };
      }
      return undefined;
    });
    const { user, queryClient } = renderScreen(<ReportsPanel onUnauthorized={() => {}} />, {
      path: '/admin',
    });
    await screen.findByRole('link', { name: 'Gear vase' });
    await act(() => user.click(screen.getByRole('button', { name: 'Dismiss' })));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss reports' });
    await act(async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Dismiss reports' }));
      await vi.waitFor(() => expect(queryClient.isMutating()).toBe(0));
    });
    expect(within(dialog).getByRole('alert').textContent).toBe('This report is not open.');
  });

  it('takes a design down only with a reason, which goes as the note, then the report leaves the queue', async () => {
    const calls = stubQueue();
    const { user, queryClient } = renderScreen(<ReportsPanel onUnauthorized={() => {}} />, {
      path: '/admin',
    });
    // The design's page as cached from a visit: a takedown changes it.
    const pageKey = [...rootKeys.designs, 'detail', 'gearheadgus', 'gear-vase', 'u1'];
    queryClient.setQueryData(pageKey, { id: 'd1' });
    await screen.findByRole('link', { name: 'Gear vase' });
    await act(() => user.click(screen.getByRole('button', { name: 'Take down' })));
    const dialog = screen.getByRole('dialog', { name: 'Take down the design' });
    expect(within(dialog).getByText(/also resolves the 1 other open report on it/)).toBeTruthy();
    // Only spaces: no reason, nothing sent.
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await act(() => user.click(within(dialog).getByRole('button', { name: 'Take down design' })));
    expect(within(dialog).getByText(REASON_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(resolves(calls)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Copies the Acme vase.');
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Take down design' }),
      calls,
      queryClient,
    );
    expect(resolves(calls)).toEqual([
      ['/api/admin/reports/r1/resolve', { action: 'takedown', note: 'Copies the Acme vase.' }],
    ]);
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    expect(screen.getByText('Took the design down and resolved 2 reports.')).toBeTruthy();
    expect(queryClient.getQueryState(pageKey)?.isInvalidated).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal of a takedown in the dialog", async () => {
    const calls = stubApi((call) => {
      if (call.path === '/api/admin/reports') return { json: { reports: [report] } };
      if (call.method === 'POST') {
        return { status: 400, json: { message: 'Give the reason for the takedown.', code: 'VALIDATION' } };
      }
      return undefined;
    });
    const { user, queryClient } = renderScreen(<ReportsPanel onUnauthorized={() => {}} />, {
      path: '/admin',
    });
    await screen.findByRole('link', { name: 'Gear vase' });
    await act(() => user.click(screen.getByRole('button', { name: 'Take down' })));
    const dialog = screen.getByRole('dialog', { name: 'Take down the design' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Copy.');
    await pressAndSettle(
      user,
      within(dialog).getByRole('button', { name: 'Take down design' }),
      calls,
      queryClient,
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the reason for the takedown.');
    expect(screen.getByRole('link', { name: 'Gear vase' })).toBeTruthy();
  });

  it('offers Take down for design reports only', async () => {
    const member: AdminReport = {
      ...report,
      id: 'r2',
      target: { type: 'user', id: 'u3', label: 'troll', path: '/profile/troll', ownerUsername: 'troll' },
      openReportsOnTarget: 1,
    };
    const collection: AdminReport = {
      ...report,
      id: 'r3',
      target: { ...report.target, type: 'collection', id: 'c1', label: 'Desk set', path: '/collection/c1' },
      openReportsOnTarget: 1,
    };
    stubApi((call) =>
      call.path === '/api/admin/reports' ? { json: { reports: [report, member, collection] } } : undefined,
    );
    renderScreen(<ReportsPanel onUnauthorized={() => {}} />, { path: '/admin' });
    await screen.findByRole('link', { name: 'troll' });
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).queryByRole('button', { name: 'Take down' }) !== null)).toEqual([
      true,
      false,
      false,
    ]);
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3);
  });

  it('shows resolved reports with their resolution, and says when there are none open', async () => {
    stubApi((call) =>
      call.path === '/api/admin/reports'
        ? { json: { reports: call.search === '?status=resolved' ? [resolved] : [] } }
        : undefined,
    );
    const { user } = renderScreen(<ReportsPanel onUnauthorized={() => {}} />, { path: '/admin' });
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    await act(() =>
      user.selectOptions(screen.getByRole('combobox', { name: 'Reports to show' }), 'resolved'),
    );
    expect(await screen.findByText('Not spam.')).toBeTruthy();
    expect(screen.getByText(/Dismissed by operator on/).textContent).toBe(
      'Dismissed by operator on Mar 4, 2026',
    );
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(screen.queryByText(/open reports on this/)).toBeNull();
  });
});
