import type { AuditLine } from '@printmarket/shared/admin';
import { act, screen, within } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { renderScreen, stubApi } from '@/test/render.tsx';
import { AuditLogPanel } from './AuditLogPanel.tsx';

const line = (id: number, reason: string): AuditLine => ({
  id,
  at: '2026-03-04T12:00:00.000Z',
  actor: { id: 'u1', username: 'operator' },
  action: 'report.dismiss',
  targetType: 'design',
  targetId: `d${id}`,
  reason,
});

describe('Operator console > Audit log', () => {
  it('sends the filters, then pages on with Load more, adding to the rows', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/api/admin/audit') return undefined;
      const before = new URLSearchParams(call.search).get('before');
      return before
        ? { json: { entries: [line(1, 'Older one.')], nextBefore: null } }
        : { json: { entries: [line(3, 'Newest.'), line(2, 'Second.')], nextBefore: 2 } };
    });
    const { user } = renderScreen(<AuditLogPanel onUnauthorized={() => {}} />, { path: '/admin' });
    await screen.findByText('Newest.');
    await user.type(screen.getByLabelText('Operator username'), ' operator ');
    await user.type(screen.getByLabelText('Action'), 'report.dismiss');
    await act(() => user.click(screen.getByRole('button', { name: 'Filter' })));
    // The filtered list's answer, then its next page.
    const loadMore = await screen.findByRole('button', { name: 'Load more' });
    await act(() => user.click(loadMore));
    await screen.findByText('Older one.');
    const rows = within(screen.getByRole('table', { name: 'Audit log' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'WhenOperatorActionTarget typeTarget idReason',
      'Mar 4, 2026operatorreport.dismissdesignd3Newest.',
      'Mar 4, 2026operatorreport.dismissdesignd2Second.',
      'Mar 4, 2026operatorreport.dismissdesignd1Older one.',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((call) => call.search)).toEqual([
      '',
      '?actor=operator&action=report.dismiss',
      '?actor=operator&action=report.dismiss&before=2',
    ]);
  });

  it('clears the filters and says when nothing is recorded', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/admin/audit' ? { json: { entries: [], nextBefore: null } } : undefined,
    );
    const { user } = renderScreen(<AuditLogPanel onUnauthorized={() => {}} />, { path: '/admin' });
    expect(await screen.findByText('Nothing recorded yet.')).toBeTruthy();
    await user.type(screen.getByLabelText('Target id'), 'd9');
    await act(() => user.click(screen.getByRole('button', { name: 'Filter' })));
    await act(() => user.click(screen.getByRole('button', { name: 'Clear' })));
    expect((screen.getByLabelText('Target id') as HTMLInputElement).value).toBe('');
    expect(await screen.findByText('Nothing recorded yet.')).toBeTruthy();
    // Cleared: the whole log again.
    expect(calls.map((call) => call.search)).toEqual(['', '?targetId=d9', '']);
  });
});
