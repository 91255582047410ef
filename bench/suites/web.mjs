// The public pages as a visitor's browser gets them, from the production API serving the built web
// app and its server render (decision 0014). Two parts, each on a database and API of its own:
//
// - lighthouse: Lighthouse's mobile preset (simulated throttling) on the home page, a paid design
//   with pictures and its creator's profile, 3 runs each, medians reported: scores, Core Web
//   Vitals, and the home page's first-load JavaScript. On the demo catalogue, as a first start
//   seeds it (the demo creators and their designs, with photos and rendered previews): the shop a
//   person sees. Its figures
//   are the browser's and do not depend on the database engine, so they are taken once: on
//   PostgreSQL when a server is configured (like the other suites), else on the embedded server.
// - ssr: the server render's throughput: a design page's HTML at 50 connections, and in the same
//   run the JSON home listing the foundation suite measures, on the foundation suite's 10 000
//   designs; PostgreSQL only, like the scale suite (it compares two routes of one server, and the
//   foundation suite covers the engines).
//
// One suite rather than a separate `ssr` one: both measure what a visitor's request for a public
// page costs, the browser's side and the server's, and `npm run bench -- web` gives both in one
// report. BENCH_WEB_PARTS=lighthouse or =ssr runs one part.
import { assertApiBuilt, assertWebBuilt, startApi } from '../lib/api.mjs';
import { seededApiEnv, wantedEngines } from '../lib/engines.mjs';
import { freePort, LOOPBACK, requestJson } from '../lib/net.mjs';
import { postgresServerUrl } from '../lib/postgres.mjs';
import { chosen } from '../lib/settings.mjs';
import { runInScope } from '../lib/suite.mjs';
import { seededCatalogue } from './foundation.mjs';
import { measureLighthouse } from './web/lighthouse.mjs';
import { measureServerRender } from './web/server-render.mjs';

/** @typedef {import('./web/pages.mjs').AuditedPage} AuditedPage */
/** @typedef {import('../lib/engines.mjs').Engine} Engine */

const PARTS = /** @type {const} */ (['lighthouse', 'ssr']);
const SEED_TIMEOUT_MS = 10 * 60_000;
/** Listing pages searched for a paid design with pictures. */
const PAGES_SEARCHED = 5;

/** @type {import('../lib/suite.mjs').Suite} */
export async function web(ctx) {
  assertApiBuilt();
  assertWebBuilt();
  const only = chosen('BENCH_WEB_PARTS', PARTS);
  const wanted = wantedEngines();
  const serverUrl = postgresServerUrl();
  /** @type {Engine | null} */
  const postgres = serverUrl && wanted.includes('postgres') ? { name: 'postgres', serverUrl } : null;
  /** @type {import('../lib/suite.mjs').SuiteOutcome} */
  const outcome = { reports: [], errors: [] };
  /** @param {import('../lib/suite.mjs').SuiteOutcome} part */
  const add = (part) => {
    outcome.reports.push(...part.reports);
    outcome.errors.push(...part.errors);
  };

  if (!only || only.has('lighthouse')) {
    const engine = postgres ?? (wanted.includes('embedded') ? { name: 'embedded' } : null);
    if (!engine) {
      ctx.log(
        'web: Lighthouse skipped (BENCH_ENGINES names postgres, and no PostgreSQL server is configured)',
      );
    } else {
      const label = `web / lighthouse / ${engine.name}`;
      add(
        await runInScope(ctx, label, async (scope) => {
          const setup = await serve(ctx, label, engine, scope, 'demo');
          return measureLighthouse(ctx, setup, scope);
        }),
      );
    }
  }
  ctx.signal.throwIfAborted();
  if (!only || only.has('ssr')) {
    if (!postgres) {
      ctx.log(
        'web: the server-render throughput case skipped (it runs on PostgreSQL: set BENCH_DATABASE_URL ' +
          'or TEST_DATABASE_URL, and leave postgres in BENCH_ENGINES)',
      );
    } else {
      const label = `web / server render / ${postgres.name}`;
      add(
        await runInScope(ctx, label, async (scope) => {
          const setup = await serve(ctx, label, postgres, scope, 'foundation');
          return measureServerRender(ctx, setup);
        }),
      );
    }
  }
  return outcome;
}

/**
 * A seeded database of `engine` and the production API on it, serving the built web app with its
 * server render, with the pages to measure chosen.
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {string} label
 * @param {Engine} engine
 * @param {import('../lib/resources.mjs').Scope} scope
 * @param {'demo' | 'foundation'} catalogue the demo catalogue as a first start seeds it, or the
 *   foundation suite's 10 000 designs (a database kept with BENCH_KEEP_SEEDED=1 serves both suites)
 * @returns {Promise<import('./web/pages.mjs').WebSetup>}
 */
async function serve(ctx, label, engine, scope, catalogue) {
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const { env, databaseName, seed } =
    catalogue === 'foundation'
      ? await seededCatalogue(engine, scope, ctx.signal, log)
      : await seededApiEnv({
          engine,
          scope,
          dirName: `web-${engine.name}`,
          timeoutMs: SEED_TIMEOUT_MS,
          signal: ctx.signal,
          log,
        });
  // Canonical and Open Graph addresses are built from PUBLIC_URL: the address measured.
  const port = await freePort();
  const api = await startApi({
    env: { ...env, PUBLIC_URL: `http://${LOOPBACK}:${port}` },
    engine: engine.name,
    scope,
    signal: ctx.signal,
    log,
    port,
  });
  const pages = await choosePages(api.baseUrl);
  log(`pages: ${pages.map((p) => p.path).join(', ')}`);
  return {
    engine,
    baseUrl: api.baseUrl,
    pages,
    catalogue,
    databaseName,
    seedSeconds: seed.seconds,
  };
}

/**
 * The audited pages: home, the newest paid design that has pictures (photos or rendered
 * previews), and its creator's profile, found through the API as the web app finds them.
 * @param {string} baseUrl
 * @returns {Promise<AuditedPage[]>}
 */
async function choosePages(baseUrl) {
  for (let page = 1; page <= PAGES_SEARCHED; page++) {
    const { status, body } = await requestJson(`${baseUrl}/api/designs/newest?page=${page}`);
    if (status !== 200 || !Array.isArray(body?.designs)) {
      throw new Error(`GET /api/designs/newest?page=${page} answered ${status}`);
    }
    /** @type {import('../../packages/shared/src/types.ts').DesignCard | undefined} */
    const design = body.designs.find(
      (/** @type {import('../../packages/shared/src/types.ts').DesignCard} */ d) =>
        d.isPaid && d.files.length > 0,
    );
    if (!design) continue;
    // The addresses the web app links to (the shared package's pagePaths).
    const username = encodeURIComponent(design.user.username);
    return [
      { key: 'home', name: 'home', path: '/' },
      {
        key: 'design',
        name: `design "${design.name}"`,
        path: `/design/${username}/${encodeURIComponent(design.slug)}`,
        designName: design.name,
      },
      { key: 'profile', name: `profile ${design.user.username}`, path: `/profile/${username}` },
    ];
  }
  throw new Error(`no paid design with pictures on the first ${PAGES_SEARCHED} pages of the newest designs`);
}
