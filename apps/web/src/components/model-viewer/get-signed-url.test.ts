import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSignedUrl } from './get-signed-url.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('fetchSignedUrl', () => {
  it('calls GET /api/designs/get-signed-url/{fileName} and returns the url', async () => {
    const fetchMock = vi.fn(async (_input: string, _init?: RequestInit) =>
      json({ url: 'https://bucket.example/a.stl?X-Signature=1' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchSignedUrl('my part #2.stl')).resolves.toBe(
      'https://bucket.example/a.stl?X-Signature=1',
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/designs/get-signed-url/my%20part%20%232.stl');
  });

  it("fails with 'Failed to fetch signed URL' when the server gives no reason", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(fetchSignedUrl('a.stl')).rejects.toThrow('Failed to fetch signed URL');
    vi.stubGlobal('fetch', async () => json({ nothing: true }));
    await expect(fetchSignedUrl('a.stl')).rejects.toThrow('Failed to fetch signed URL');
  });

  it('fails with the server’s own message when it sent one', async () => {
    vi.stubGlobal('fetch', async () => json({ message: 'Purchase required', code: 'FORBIDDEN' }, 403));
    await expect(fetchSignedUrl('a.stl')).rejects.toThrow('Purchase required');
  });
});
