import {
  REPORT_ALREADY_OPEN,
  REPORT_DETAILS_REQUIRED,
  REPORT_REASON_LABELS,
  REPORT_SENT,
} from '@printmarket/shared/reports';
import { act, screen, waitFor, within } from '@testing-library/preact';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { ReportButton } from './ReportButton.tsx';

// The button fetches the dialog's code when first pressed; fetched here first, the wait for the
// dialog is not a race with the first compile of its modules.
beforeAll(() => import('./ReportDialog.tsx'));

/**
 * Even compiled, the dialog's code arrives through a dynamic import, which the test runner answers
 * by way of its main process: on a busy machine that takes longer than a render.
 */
const LAZY_CODE_MS = 10_000;

const reports = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.path === '/api/reports')
    .map((call) => [call.method, JSON.parse(String(call.body))]);

function renderButton(calls: ApiCall[], signedIn = true) {
  const view = renderScreen(<ReportButton targetType="design" targetId="d1" signedIn={signedIn} />, {
    path: '/design/maker/gear',
  });
  const opener = () => screen.getByRole('button', { name: 'Report' });
  const dialog = () => screen.getByRole('dialog', { name: 'Report this design' });
  /** Opens the dialog and waits until it has opened and taken the focus (its effect has run). */
  const open = async () => {
    await act(() => view.user.click(opener()));
    const opened = await screen.findByRole(
      'dialog',
      { name: 'Report this design' },
      { timeout: LAZY_CODE_MS },
    );
    await waitFor(() => expect(opened.contains(document.activeElement)).toBe(true));
    return opened;
  };
  /**
   * Presses Send report and waits, in act, until the report was sent and its answer handled: what
   * the answer causes is rendered before the test goes on, and nothing is left to run once it ends.
   */
  const send = async () => {
    const count = reports(calls).length + 1;
    await act(async () => {
      await view.user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
      await vi.waitFor(() => {
        expect(reports(calls)).toHaveLength(count);
        expect(view.queryClient.isMutating()).toBe(0);
      });
    });
  };
  return { ...view, opener, dialog, open, send };
}

describe('Report button and dialog', () => {
  it('sends the chosen reason and details about its target, then shows the server’s answer', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/reports' ? { status: 201, json: { id: 'r1', message: REPORT_SENT } } : undefined,
    );
    const { user, opener, dialog, open, send } = renderButton(calls);
    await open();
    expect(within(dialog()).getByRole('group', { name: 'Why are you reporting this?' })).toBeTruthy();
    expect(
      within(dialog())
        .getByRole('link', { name: /copyright notice/ })
        .getAttribute('href'),
    ).toBe('/copyright');
    await user.click(within(dialog()).getByLabelText(REPORT_REASON_LABELS.spam));
    await user.type(within(dialog()).getByLabelText('Details'), '  The same listing, posted ten times.  ');
    await send();
    expect(reports(calls)).toEqual([
      [
        'POST',
        {
          targetType: 'design',
          targetId: 'd1',
          reason: 'spam',
          details: 'The same listing, posted ten times.',
        },
      ],
    ]);
    expect(within(dialog()).getByRole('status').textContent).toBe(REPORT_SENT);
    expect(within(dialog()).queryByRole('button', { name: 'Send report' })).toBeNull();
    // The one under the message (the window's own close button is named Close too).
    await act(() => user.click(within(dialog()).getByText('Close', { selector: 'button' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });

  it('shows the server’s message in the dialog when the person has already reported it', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/reports'
        ? { status: 409, json: { message: REPORT_ALREADY_OPEN, code: 'ALREADY_REPORTED' } }
        : undefined,
    );
    const { user, dialog, open, send } = renderButton(calls);
    await open();
    await user.click(within(dialog()).getByLabelText(REPORT_REASON_LABELS.prohibited));
    await send();
    expect(within(dialog()).getByRole('alert').textContent).toBe(REPORT_ALREADY_OPEN);
    // The form stays, with what was chosen.
    expect(within(dialog()).getByLabelText(REPORT_REASON_LABELS.prohibited)).toHaveProperty('checked', true);
  });

  it('shows a refusal of the details under the field', async () => {
    const refused = 'Details must be at most 2000 characters.';
    const calls = stubApi((call) =>
      call.path === '/api/reports'
        ? { status: 400, json: { message: refused, code: 'VALIDATION_FAILED' } }
        : undefined,
    );
    const { user, dialog, open, send } = renderButton(calls);
    await open();
    await user.click(within(dialog()).getByLabelText(REPORT_REASON_LABELS.other));
    await user.type(within(dialog()).getByLabelText('Details'), 'A long story.');
    await send();
    const details = within(dialog()).getByLabelText('Details');
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText(refused)).toBeTruthy();
    expect(document.activeElement).toBe(details);
    expect(within(dialog()).queryByRole('alert')).toBeNull();
  });

  it('asks for details before sending a copyright report', async () => {
    const calls = stubApi(() => undefined);
    const { user, dialog, open } = renderButton(calls);
    await open();
    await user.click(within(dialog()).getByLabelText(REPORT_REASON_LABELS.copyright));
    const details = within(dialog()).getByLabelText('Details');
    // Nothing is sent: the check moves the focus to the field, which ends it.
    await act(async () => {
      await user.click(within(dialog()).getByRole('button', { name: 'Send report' }));
      await vi.waitFor(() => expect(document.activeElement).toBe(details));
    });
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText(REPORT_DETAILS_REQUIRED)).toBeTruthy();
    expect(reports(calls)).toEqual([]);
  });

  it('sends visitors to sign in', async () => {
    const calls = stubApi(() => undefined);
    const { user, opener, router } = renderButton(calls, false);
    await act(async () => {
      await user.click(opener());
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    });
    expect(screen.getByText('Left for another page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reports(calls)).toEqual([]);
  });
});
