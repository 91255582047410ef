import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';
import { registerErrorHandler } from './error-handler.ts';
import { serveWebApp } from './web-app.ts';

describe('serving the built web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'printmarket-dist-'));
  const script = 'console.log("app");'.repeat(100);
  const page = `<!doctype html><head>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(30)}</head><div id="root"></div>`;
  let app: FastifyInstance;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), page);
    // The web build writes compressed copies of every text file of 1 KB or more, index.html included.
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(page));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc.js.br'), zlib.brotliCompressSync(script));
    app = Fastify();
    registerErrorHandler(app);
    // As the app has it: answers are compressed, so a pre-compressed asset must not be twice.
    await registerCompression(app);
    app.get('/api/health', async () => ({ ok: true }));
    await serveWebApp(app, dist);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every page address with index.html under a content security policy', async () => {
    for (const url of ['/', '/signin', '/design/a/b?x=1', '/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps unknown API and upload addresses JSON 404s, query string or not', async () => {
    for (const url of ['/api/nope', '/api?x=1', '/uploads/x', '/api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
    }
  });

  it('serves hashed assets for a year, pre-compressed when the browser accepts it', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed when the browser accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/signin',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('gives the compressed copies no routes of their own (each would cost start-up time)', () => {
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-abc.js' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-abc.js.br' })).toBe(false);
  });
});
