import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { deferAppScripts } from './page-boot.ts';
import { SharedReads } from './shared-reads.ts';

/** What the web app's server render (apps/web/src/entry-server.tsx) answers for one address. */
export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; head: string; assets: string; html: string; state: string | null };

/** Renders a page address (path and query); null for pages only the browser renders. */
export type PageRenderer = (url: string) => Promise<RenderedPage | null>;

type RenderDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  publicUrl: string;
  /** The browser build's manifest (Vite's `.vite/manifest.json`): pages link their screens' files. */
  manifest: unknown;
};

type ServerEntry = {
  createRenderer(deps: RenderDeps): PageRenderer;
  STATE_ELEMENT_ID: string;
};

/** Where `vite build --ssr` puts the server render: `dist-ssr/` beside the browser build. */
export function serverEntryPath(distDir: string): string {
  return path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js');
}

let stateElementId = 'ssr-state';

/**
 * Rendered pages kept at most, and their size in all (characters of markup, head and data). A design
 * page is about 18,000; a profile lists every design of its person, so one with thousands of designs
 * is megabytes: the size bound keeps such pages from filling the memory, and a page over an eighth of
 * it is not kept at all.
 */
const KEPT_PAGES = 500;
const KEPT_CHARACTERS = 32 * 1024 * 1024;
const KEPT_CHARACTERS_PER_PAGE = KEPT_CHARACTERS / 8;

function pageSize({ page }: { page: RenderedPage | null }): number {
  if (page?.kind !== 'page') return 1;
  return page.html.length + page.head.length + page.assets.length + (page.state?.length ?? 0) || 1;
}

/**
 * The server render built beside `distDir`, or null when there is none (the pages are then all
 * rendered by the browser, as before). Its API calls go to this app in the same process.
 *
 * The bundle (React, the router and every page, about 1.5 MB) is imported once the server
 * listens, not before: the import took about 140 ms, which every start paid before its first
 * answer. A page asked for before the import is done waits for it.
 *
 * Pages are rendered as a signed-out visitor sees them, so a page is the same for every visitor:
 * everyone asking for the same address at the same moment shares one render, and a render is sent
 * again for `pageCacheMs` after it is made (docs/decisions/0013-compressed-and-shared-answers.md).
 * A design page took about 10 ms of CPU to render; at 50 connections on one design page, sharing
 * renders took it from 38 to 850 requests per second, and keeping them for a second to 4,000.
 */
export function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  { publicUrl, pageCacheMs }: { publicUrl: string; pageCacheMs: number },
): PageRenderer | null {
  const entryPath = serverEntryPath(distDir);
  if (!fs.existsSync(entryPath)) return null;
  let loading: Promise<PageRenderer> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(entryPath).href).then((entry: ServerEntry) => {
      stateElementId = entry.STATE_ELEMENT_ID;
      return entry.createRenderer({ fetch: inProcessFetch(app), publicUrl, manifest: readManifest(distDir) });
    });
    return loading;
  };
  app.addHook('onListen', (done) => {
    // A failure is logged here once; each page then goes out unrendered, as it does without a build.
    load().catch((error: unknown) => app.log.error({ err: error }, 'the server render could not be loaded'));
    done();
  });
  const renders = new SharedReads<RenderedPage | null>();
  // Wrapped, as the cache holds no nulls (pages only the browser renders).
  const kept =
    pageCacheMs > 0
      ? new LRUCache<string, { page: RenderedPage | null }>({
          max: KEPT_PAGES,
          maxSize: KEPT_CHARACTERS,
          maxEntrySize: KEPT_CHARACTERS_PER_PAGE,
          sizeCalculation: pageSize,
          ttl: pageCacheMs,
        })
      : null;
  return async (url) => {
    const hit = kept?.get(url);
    if (hit) return hit.page;
    return renders.read(url, async () => {
      const page = await (await load())(url);
      kept?.set(url, { page });
      return page;
    });
  };
}

/** The browser build's manifest, which names each screen's files; null when the build has none. */
function readManifest(distDir: string): unknown {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  return fs.existsSync(manifestPath) ? JSON.parse(fs.readFileSync(manifestPath, 'utf8')) : null;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** A renamed person's old name redirects once; more hops than this is a loop. */
const MAX_REDIRECTS = 3;

/**
 * A fetch that reaches this app's own routes through Fastify's inject: the same routes, access
 * rules and answers a browser gets, without a socket. It never carries a session: the server
 * renders pages as a signed-out visitor sees them. Redirects are followed, as a browser's fetch does.
 */
export function inProcessFetch(app: FastifyInstance): RenderDeps['fetch'] {
  return async (url, init) => {
    let target = url;
    for (let hop = 0; ; hop++) {
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: target,
        headers: { accept: 'application/json' },
      });
      const location = answer.headers.location;
      if (REDIRECTS.has(answer.statusCode) && typeof location === 'string' && hop < MAX_REDIRECTS) {
        target = location;
        continue;
      }
      const headers = new Headers();
      const type = answer.headers['content-type'];
      if (typeof type === 'string') headers.set('content-type', type);
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers });
    }
  };
}

/**
 * index.html with the rendered page in it: the page's head in place of the default title and
 * description, its screens' stylesheets at the end of the head, its markup in #root, and the query
 * cache for the browser in a JSON block that is data, not script. A page that hydrates loads its
 * scripts after its first paint (lib/page-boot.ts); one the browser renders anew (an error page)
 * keeps index.html's script tags.
 */
export function fillPage(template: string, page: Extract<RenderedPage, { kind: 'page' }>): string {
  const state =
    page.state === null
      ? ''
      : `<script type="application/json" id="${stateElementId}">${page.state}</script>`;
  const framed = template
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<title>[^<]*<\/title>/, () => page.head)
    .replace('</head>', () => `${page.assets}</head>`);
  // The scripts are moved while the page is still the small frame, not searched for in its markup.
  return (page.state === null ? framed : deferAppScripts(framed)).replace(
    '<div id="root"></div>',
    () => `<div id="root">${page.html}</div>${state}`,
  );
}
