// The public pages as a visitor's browser gets them, from the production API serving the built web
// app and its server render, on the foundation suite's seeded catalogue (the demo creators and
// designs, with their photos and rendered previews, and copies of them up to 10 000 designs):
//
// - lighthouse: Lighthouse's mobile preset (simulated throttling) on the home page, a paid design
//   with pictures and its creator's profile, 3 runs each, medians reported: scores, Core Web
//   Vitals, and the home page's first-load JavaScript.
// - ssr: the server render's throughput: a design page's HTML at 50 connections against the JSON
//   listing the foundation suite measures, in the same run, on PostgreSQL only (the embedded
//   server's figures are the foundation suite's business; this one compares two routes).
//
// One suite, one seeded database and one API for both: they measure the same pages, and seeding
// 10 000 designs twice would double the suite's set-up. The Lighthouse figures do not depend on the
// database engine, so they are taken once, on PostgreSQL when a server is configured (the same API
// the throughput case loads) and on the embedded server otherwise. BENCH_WEB_PARTS=lighthouse or
// =ssr runs one part.
import { assertApiBuilt, assertWebBuilt, startApi } from '../lib/api.mjs';
import { wantedEngines } from '../lib/engines.mjs';
import { freePort, LOOPBACK, requestJson } from '../lib/net.mjs';
import { postgresServerUrl } from '../lib/postgres.mjs';
import { message } from '../lib/resources.mjs';
import { chosen } from '../lib/settings.mjs';
import { runInScope } from '../lib/suite.mjs';
import { seededCatalogue } from './foundation.mjs';
import { measureLighthouse } from './web/lighthouse.mjs';
import { measureServerRender } from './web/server-render.mjs';

/** @typedef {import('./web/pages.mjs').AuditedPage} AuditedPage */

const PARTS = /** @type {const} */ (['lighthouse', 'ssr']);
/** Listing pages searched for a paid design with pictures. */
const PAGES_SEARCHED = 5;

/** @type {import('../lib/suite.mjs').Suite} */
export async function web(ctx) {
  assertApiBuilt();
  assertWebBuilt();
  const only = chosen('BENCH_WEB_PARTS', PARTS);
  const parts = PARTS.filter((part) => !only || only.has(part));
  const wanted = wantedEngines();
  const serverUrl = postgresServerUrl();
  /** @type {import('../lib/engines.mjs').Engine | null} */
  const engine =
    serverUrl && wanted.includes('postgres')
      ? { name: 'postgres', serverUrl }
      : wanted.includes('embedded')
        ? { name: 'embedded' }
        : null;
  if (parts.includes('ssr') && engine?.name !== 'postgres') {
    ctx.log(
      'web: the server-render throughput case skipped (it runs on PostgreSQL: set BENCH_DATABASE_URL or ' +
        'TEST_DATABASE_URL, and leave postgres in BENCH_ENGINES)',
    );
  }
  if (!engine) {
    ctx.log('web: skipped (BENCH_ENGINES names postgres, and no PostgreSQL server is configured)');
    return { reports: [], errors: [] };
  }
  const measured = parts.filter((part) => part === 'lighthouse' || engine.name === 'postgres');
  if (measured.length === 0) return { reports: [], errors: [] };

  const label = `web / ${engine.name}`;
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  /** @type {string[]} */
  const partErrors = [];
  const outcome = await runInScope(ctx, label, async (scope) => {
    const { env, databaseName, seed } = await seededCatalogue(engine, scope, ctx.signal, log);
    // Canonical and Open Graph addresses are built from PUBLIC_URL: the address audited.
    const port = await freePort();
    const baseUrl = `http://${LOOPBACK}:${port}`;
    const api = await startApi({
      env: { ...env, PUBLIC_URL: baseUrl },
      engine: engine.name,
      scope,
      signal: ctx.signal,
      log,
      port,
    });
    const pages = await choosePages(api.baseUrl);
    log(`pages: ${pages.map((p) => p.path).join(', ')}`);
    /** @type {import('./web/pages.mjs').WebSetup} */
    const setup = { engine, baseUrl: api.baseUrl, pages, databaseName, seedSeconds: seed.seconds };

    /** @type {import('../lib/suite.mjs').SuiteReport[]} */
    const reports = [];
    for (const part of measured) {
      try {
        reports.push(
          part === 'lighthouse'
            ? await measureLighthouse(ctx, setup, scope)
            : await measureServerRender(ctx, setup),
        );
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        partErrors.push(`${label} / ${part}: ${message(err)}`);
        log(`${part}: FAILED: ${message(err)}`);
      }
    }
    return reports;
  });
  outcome.errors.push(...partErrors);
  return outcome;
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
