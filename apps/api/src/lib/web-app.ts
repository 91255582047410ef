import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

// Scripts only from our origin; the React app needs no inline script. Styles may be inline
// (React style attributes); images may be data/blob URLs (previews of files being chosen).
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for
 * every other page address, so the client-side router can show the page or its not-found view.
 * Unknown /api and /uploads addresses stay JSON 404s, as does everything when there is no build.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const hasBuild = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // The web build writes .br and .gz beside each asset; they are sent to browsers that accept them.
      preCompressed: true,
      // One route per built file, found at start; every other path falls to the page handler below.
      wildcard: false,
      // The compressed copies need no routes of their own (preCompressed finds them beside each
      // file); routes for them would double the routes the start registers.
      globIgnore: ['**/*.br', '**/*.gz'],
      // index.html is sent only by the page handler, which adds the content security policy.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !/^\/(api|uploads)(\/|$)/.test(path);
    if (isPage && hasBuild) {
      return reply
        .header('cache-control', 'no-cache')
        .header('content-security-policy', CONTENT_SECURITY_POLICY)
        .sendFile('index.html');
    }
    throw notFound();
  });
}
