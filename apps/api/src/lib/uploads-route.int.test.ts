import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/** Public images under /uploads/: GET streams the object, HEAD answers from its size alone. */
describe('GET and HEAD /uploads/*', () => {
  let t: TestApp;
  const key = 'avatars/0190a7c2-7d4e-7b1a-8f00-0123456789ab.webp';
  const body = Buffer.from('RIFF0000WEBPVP8 image bytes');

  beforeAll(async () => {
    t = await createTestApp();
    await t.files.put(key, body);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the image on GET', async () => {
    const res = await t.app.inject({ url: `/uploads/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(body)).toBe(true);
  });

  it('answers HEAD with the size and no body, without opening the content', async () => {
    const get = vi.spyOn(t.files, 'get');
    const res = await t.app.inject({ method: 'HEAD', url: `/uploads/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.length).toBe(0);
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();
  });

  it('answers 404 to GET and HEAD of a missing or non-public key', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      expect(
        (await t.app.inject({ method, url: '/uploads/avatars/0190a7c2-7d4e-7b1a-8f00-000000000000.webp' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method, url: '/uploads/stl/0190a7c2-7d4e-7b1a-8f00-0123456789ab.stl' }))
          .statusCode,
      ).toBe(404);
    }
  });
});
