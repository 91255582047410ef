import { screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderScreen, stubApi } from '@/test/render.tsx';
import { DownloadDataButton } from './DownloadDataButton.tsx';

const FILE_NAME = 'printmarket-anna-2026-11-26.json';
const EXPORTED = { exportedAt: '2026-11-26T19:00:00.000Z', profile: { username: 'anna' } };

const requests = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/user/export');

/** Object URLs made and released, and the links clicked (jsdom cannot follow a blob link). */
function watchDownloads() {
  const created: Blob[] = [];
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    created.push(blob as Blob);
    return 'blob:export';
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return { created, clicked, revoke };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Settings > Your data', () => {
  it('fetches the export, saves it under the name the server gave, then releases the object URL', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi((call) =>
      call.path === '/api/user/export'
        ? { json: EXPORTED, headers: { 'content-disposition': `attachment; filename="${FILE_NAME}"` } }
        : undefined,
    );
    const { created, clicked, revoke } = watchDownloads();
    const { user } = renderScreen(<DownloadDataButton />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:export', download: FILE_NAME }]));
    expect(JSON.parse(await (created[0] as Blob).text())).toEqual(EXPORTED);
    expect(requests(calls).map((call) => call.method)).toEqual(['GET']);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(revoke).toHaveBeenCalledWith('blob:export');
    expect(screen.getByRole('button', { name: 'Download my data' })).toHaveProperty('disabled', false);
  });

  it('says it is preparing meanwhile, and saves under a name of its own when the server gave none', async () => {
    let answer: (value: { json: unknown }) => void = () => {};
    stubApi((call) =>
      call.path === '/api/user/export'
        ? new Promise((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const { clicked } = watchDownloads();
    const { user } = renderScreen(<DownloadDataButton />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('button', { name: 'Preparing...' })).toHaveProperty('disabled', true);
    answer({ json: EXPORTED });
    await waitFor(() => expect(clicked.map((link) => link.download)).toEqual(['printmarket-data.json']));
  });

  it("shows the server's refusal, or its own words when the server said nothing", async () => {
    let refusal: { status: number; json: unknown } = { status: 401, json: { message: 'Please sign in.' } };
    stubApi((call) => (call.path === '/api/user/export' ? refusal : undefined));
    const { clicked } = watchDownloads();
    const { user } = renderScreen(<DownloadDataButton />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please sign in.');
    refusal = { status: 502, json: {} };
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to download your data'));
    expect(clicked).toEqual([]);
  });
});
