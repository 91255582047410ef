import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { hasSignedInHint } from '@printmarket/shared/signed-in-hint';
import type { FastifyInstance } from 'fastify';
import { sendShared } from './compression.ts';
import { notFound } from './errors.ts';
import { BOOT_SCRIPT_SOURCE } from './page-boot.ts';
import { fillPage, loadPageRenderer, type PageRenderer } from './page-render.ts';

// Scripts only from our origin, and the one inline script of rendered pages, by its hash (it
// starts the app after the first paint, lib/page-boot.ts). Styles may be inline
// (React style attributes); images may be data/blob URLs (previews of files being chosen).
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // WebAssembly may be compiled (not JavaScript evaluated): the 3D viewer decodes preview meshes
  // with meshoptimizer's decoder, which is WebAssembly.
  `script-src 'self' 'wasm-unsafe-eval' ${BOOT_SCRIPT_SOURCE}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Serves the built web app: hashed assets cached for a year, and for every other page address
 * index.html (never cached). Public pages come rendered by the server (with their data, head and
 * status) when the server render was built beside the app; other pages get the empty index.html and
 * the client-side router shows them. Unknown /api and /uploads addresses stay JSON 404s, as does
 * everything when there is no build.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  options: { publicUrl: string; pageCacheMs: number } = { publicUrl: 'http://localhost', pageCacheMs: 0 },
): Promise<void> {
  const hasBuild = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  const template = hasBuild ? fs.readFileSync(path.join(distDir, 'index.html'), 'utf8') : '';
  const render: PageRenderer | null = hasBuild ? loadPageRenderer(app, distDir, options) : null;
  // The answer of every page sent unrendered (index.html), compressed once per encoding.
  const unrendered = {};
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
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD as well: link checkers and link-preview fetchers often ask for the headers first.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|uploads)(\/|$)/.test(path);
    if (!isPage || !hasBuild) throw notFound();
    reply.header('cache-control', 'no-cache');
    // A browser holding a session renders its pages itself (@printmarket/shared/signed-in-hint).
    reply.header('vary', 'Cookie');
    const page = hasSignedInHint(request.headers.cookie)
      ? null
      : await renderOrNull(render, request.url, (error) =>
          request.log.error({ err: error }, 'server render failed; sending the page unrendered'),
        );
    if (page?.kind === 'redirect') return reply.redirect(page.location, page.status);
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.type('text/html; charset=utf-8');
    if (!page) return sendShared(request, reply, unrendered, () => template);
    reply.code(page.status);
    // Requests sharing a render share its filled-in page and compressed forms too.
    return sendShared(request, reply, page, () => fillPage(template, page));
  });
}

/** The render of a page, or null when the server does not render it or its render failed. */
async function renderOrNull(render: PageRenderer | null, url: string, onError: (error: unknown) => void) {
  if (!render) return null;
  try {
    return await render(url);
  } catch (error) {
    // The browser can still show the page from the empty index.html.
    onError(error);
    return null;
  }
}
