import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodedBodySize } from './net.mjs';

describe('encodedBodySize', () => {
  // A script-like body that compresses (repeated text) with some bytes that do not.
  const body = Buffer.concat([
    Buffer.from('export function f(){return 1}\n'.repeat(2_000)),
    Buffer.from(randomBytes(3_000).toString('hex')),
  ]);
  const gzipped = zlib.gzipSync(body);
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // Gzip to clients that accept it, as the API sends the build's .gz copies; 404 elsewhere.
    server = http.createServer((req, res) => {
      if (req.url !== '/app.js') return void res.writeHead(404).end('missing');
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, {
        'content-type': 'text/javascript',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(gzip ? gzipped : body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('counts the body as it came over the wire, not decoded', async () => {
    expect(await encodedBodySize(`${base}/app.js`, 'gzip')).toEqual({
      bytes: gzipped.length,
      encoding: 'gzip',
    });
    expect(await encodedBodySize(`${base}/app.js`, 'identity')).toEqual({
      bytes: body.length,
      encoding: 'identity',
    });
    expect(gzipped.length).toBeLessThan(body.length);
  });

  it('fails on another status and refuses addresses off this machine', async () => {
    await expect(encodedBodySize(`${base}/other.js`, 'gzip')).rejects.toThrow('answered 404');
    await expect(encodedBodySize('http://192.0.2.1/app.js', 'gzip')).rejects.toThrow(
      'must point at this machine',
    );
  });
});
