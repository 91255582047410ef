import { UNSUBSCRIBE_LINK_INVALID, unsubscribed } from '@printmarket/shared/notifications';
import { act, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import UnsubscribePage from './UnsubscribePage.tsx';

const requests = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/notifications/unsubscribe');

function renderPage(entry = '/unsubscribe?token=mail-token-1') {
  return renderScreen(<UnsubscribePage />, { path: '/unsubscribe', entry });
}

function expectWaysOn() {
  expect(screen.getByRole('link', { name: 'Manage all emails in Settings' }).getAttribute('href')).toBe(
    '/settings?tab=preferences',
  );
  expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
}

describe('unsubscribe', () => {
  it('takes the token out of the address, turns the mail off at once, and says which', async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    const calls = stubApi((call) =>
      call.path === '/api/notifications/unsubscribe'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const { router } = renderPage();
    expect(screen.getByRole('status').textContent).toBe('Turning these emails off...');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/unsubscribe');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(document.title).toBe('Unsubscribe · PrintMarket');
    await act(async () => answer({ json: { kind: 'sale', message: unsubscribed('sale') } }));
    const status = await screen.findByText(unsubscribed('sale'));
    expect(status.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(status));
    expectWaysOn();
    expect(requests(calls).map((call) => [call.method, JSON.parse(String(call.body))])).toEqual([
      ['POST', { token: 'mail-token-1' }],
    ]);
  });

  it('says the link is not valid when the server refuses it', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/notifications/unsubscribe'
        ? { status: 400, json: { message: UNSUBSCRIBE_LINK_INVALID, code: 'INVALID_TOKEN' } }
        : undefined,
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(UNSUBSCRIBE_LINK_INVALID);
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expectWaysOn();
    expect(requests(calls)).toHaveLength(1);
  });

  it('says so in its own words when the server cannot be reached', async () => {
    stubApi((call) => {
      if (call.path === '/api/notifications/unsubscribe') throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not turn these emails off. Open the link in the mail again.',
    );
    expectWaysOn();
  });

  it('shows the invalid-link state at once, sending nothing, when the address has no token', () => {
    const calls = stubApi(() => undefined);
    renderPage('/unsubscribe');
    expect(screen.getByRole('alert').textContent).toBe(UNSUBSCRIBE_LINK_INVALID);
    expectWaysOn();
    expect(screen.queryByText('Turning these emails off...')).toBeNull();
    expect(calls).toEqual([]);
  });
});
