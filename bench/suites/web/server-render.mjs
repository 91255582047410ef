// The web suite's server-render throughput part: a design page's server-rendered HTML under 50
// connections, and in the same run the JSON home listing the foundation suite measures (one after
// the other, each after its warm-up), so the render's cost shows as a ratio to a plain API answer
// on the same machine at the same time. Both are asked for as a browser asks (compressed).
import path from 'node:path';
import { measure } from '../../lib/load.mjs';
import { encodedBodySize } from '../../lib/net.mjs';
import {
  formatNumber,
  formatTarget,
  loadAverage,
  machineUnderLoad,
  printLoadHeading,
  share,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../../lib/report.mjs';
import { BROWSER_ENCODINGS, checkListing, DESIGNS, LISTING } from '../foundation.mjs';
import { checkServerRendered } from './pages.mjs';

/** The load and target. */
const CONNECTIONS = 50;
const LIMIT_P99_MS = 50;
/** What a browser's navigation asks for. */
const HTML_ACCEPT = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/**
 * @param {import('../../lib/suite.mjs').SuiteContext} ctx
 * @param {import('./pages.mjs').WebSetup} setup
 * @returns {Promise<import('../../lib/suite.mjs').SuiteReport>}
 */
export async function measureServerRender(ctx, setup) {
  const label = `web / server render / ${setup.engine.name}`;
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const settings = { ...ctx.settings, connections: CONNECTIONS };
  const design = setup.pages.find((p) => p.key === 'design');
  if (!design) throw new Error('no design page was chosen');

  const pageUrl = setup.baseUrl + design.path;
  const listingUrl = setup.baseUrl + LISTING.path;
  // The measured answers must be the real ones: a rendered page, a full listing page.
  const pageCheck = await checkServerRendered(pageUrl, design.designName);
  const listingCheck = await checkListing(setup.baseUrl, 1);
  const sizes = {
    pageBr: (await encodedBodySize(pageUrl, 'br')).bytes,
    listingBr: (await encodedBodySize(listingUrl, 'br')).bytes,
    pageHtml: pageCheck.htmlBytes,
  };

  const busy = await warnIfCpuBusy(log, 2_000, 'the load');
  const measuredLoad = `${settings.warmupS} s warm-up + ${settings.durationS} s`;
  log(`measuring GET ${design.path} (${measuredLoad})`);
  const page = await measure(
    {
      name: `GET ${design.path} (server-rendered HTML)`,
      url: pageUrl,
      headers: { ...BROWSER_ENCODINGS, ...HTML_ACCEPT },
    },
    settings,
    ctx.signal,
  );
  log(`measuring ${LISTING.name} (${measuredLoad})`);
  const listing = await measure(
    { name: `${LISTING.name} (JSON)`, url: listingUrl, headers: BROWSER_ENCODINGS },
    settings,
    ctx.signal,
  );
  const loadAfter = loadAverage();
  for (const [r, check] of /** @type {const} */ ([
    [page, pageCheck],
    [listing, listingCheck],
  ])) {
    if (check.pass) continue;
    r.problems.push(`answer check failed: ${check.detail}`);
    r.ok = false;
  }

  const ratio = share(page.requestsPerSecond, listing.requestsPerSecond);
  const targets = [
    target(
      `${page.name}: p99 latency at ${CONNECTIONS} connections`,
      page.latencyMs.p99,
      '<=',
      LIMIT_P99_MS,
      'ms',
      page.ok ? undefined : 'the case had failed requests or a wrong answer',
    ),
  ];
  const result = {
    suite: 'web',
    part: 'server render',
    engine: setup.engine.name,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machineUnderLoad(busy, loadBefore, loadAfter),
    settings: {
      connections: CONNECTIONS,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      designs: DESIGNS,
      database: setup.databaseName,
      headers: { ...BROWSER_ENCODINGS, ...HTML_ACCEPT },
      note: 'autocannon runs in the harness process on the same machine as the server and the database',
    },
    answerBytes: sizes,
    cases: { page, listing },
    pageVsListing: ratio,
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult(`web-server-render-${setup.engine.name}`, result);

  printLoadHeading(
    `${label}: ${DESIGNS.toLocaleString('en-US')} designs, ${CONNECTIONS} connections`,
    settings,
    result.machine,
  );
  console.log(
    table(
      ['case', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors', 'answer (br)', 'result'],
      [
        [page, sizes.pageBr],
        [listing, sizes.listingBr],
      ].map(([r, bytes]) => {
        const c = /** @type {import('../../lib/load.mjs').LoadResult} */ (r);
        return [
          c.name,
          formatNumber(c.requestsPerSecond),
          String(c.latencyMs.p50),
          String(c.latencyMs.p99),
          c.requests.toLocaleString('en-US'),
          String(c.non2xx),
          String(c.errors),
          `${formatNumber(Number(bytes) / 1000)} kB`,
          c.ok ? 'ok' : 'FAILED',
        ];
      }),
    ),
  );
  console.log(
    `server-rendered page / JSON listing, req/s: ${ratio.toFixed(2)} x ` +
      `(the page is ${formatNumber(sizes.pageHtml / 1000)} kB of HTML before compression)`,
  );
  for (const r of [page, listing]) for (const problem of r.problems) console.log(`  ${r.name}: ${problem}`);
  console.log('target:');
  for (const t of targets) console.log(`  ${formatTarget(t)}`);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return { label, file, targets, failedCases: [page, listing].filter((r) => !r.ok).map((r) => r.name) };
}
