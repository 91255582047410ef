import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  authHeader,
  createDesign,
  createPeople,
  type TestDesign,
  type TestPerson,
} from '../test/design-fixtures.ts';
import { FileUrlSigner } from './signed-urls.ts';

const BROWSER = 'gzip, deflate, br, zstd';

describe('compressed answers', () => {
  let t: TestApp;
  let maker: TestPerson;
  let design: TestDesign;
  const signer = new FileUrlSigner(new TextEncoder().encode('test-secret-test-secret-test-secret!'));

  beforeAll(async () => {
    t = await createTestApp();
    const [owner, other] = (await createPeople(t, 'Squeeze', 2)) as [TestPerson, TestPerson];
    maker = other;
    // A full listing page (12 cards), well over the 1 KB threshold.
    for (let i = 0; i < 12; i++) {
      const made = await createDesign(t, owner.userId, { slug: `part-${i}`, name: `Bracket number ${i}` });
      if (i === 0) design = made;
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends a listing as br or gzip when asked, decoding to the same JSON', async () => {
    const plain = await get('/api/designs/newest?page=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/designs/newest?page=1', { 'accept-encoding': BROWSER });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/designs/newest?page=1', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const res = await get('/api/config', { 'accept-encoding': BROWSER });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a streamed sitemap page too', async () => {
    const res = await get('/sitemaps/designs-1.xml', { 'accept-encoding': BROWSER });
    expect(res.headers['content-encoding']).toBe('br');
    const xml = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(xml.match(/<url>/g)).toHaveLength(12);
  });

  it('sends models, their ranges and ZIPs byte for byte, never re-encoded', async () => {
    const stl = design.stl[0] as { id: string; bytes: Buffer };
    const url = signer.url(stl.id, 'download');
    const whole = await get(url, { 'accept-encoding': BROWSER });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(stl.bytes)).toBe(true);

    const part = await get(url, { 'accept-encoding': BROWSER, range: 'bytes=100-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 100-${stl.bytes.length - 1}/${stl.bytes.length}`);
    expect(part.rawPayload.equals(stl.bytes.subarray(100))).toBe(true);

    const zip = await get(`/api/designs/download-all/${design.id}`, {
      ...authHeader(maker),
      'accept-encoding': BROWSER,
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-encoding']).toBeUndefined();
    // A ZIP's local file header, then the model stored in it as it is (ZIP's own compression aside).
    expect(zip.rawPayload.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
  });
  it('gives requests sharing one listing read each the encoding they asked for, and never an old page', async () => {
    const url = '/api/designs/newest?page=1';
    const asked = ['br', 'gzip', '', 'br', 'gzip', ''];
    const answers = await Promise.all(
      asked.map((encoding) => get(url, encoding ? { 'accept-encoding': encoding } : {})),
    );
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync } as const;
    const bodies = answers.map((res, i) => {
      const encoding = asked[i] as '' | 'br' | 'gzip';
      expect(res.headers['content-encoding']).toBe(encoding || undefined);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return JSON.parse((encoding ? decode[encoding](res.rawPayload) : res.rawPayload).toString());
    });
    for (const body of bodies) expect(body).toEqual(bodies[0]);

    // The shared forms live only as long as the read they came from: a design published after it
    // is on the next answer.
    const fresh = await createDesign(t, maker.userId, { slug: 'fresh-part', name: 'Fresh bracket' });
    const next = await get(url, { 'accept-encoding': 'br' });
    const cards = JSON.parse(zlib.brotliDecompressSync(next.rawPayload).toString()).designs;
    expect(cards[0].id).toBe(fresh.id);
  });
});
