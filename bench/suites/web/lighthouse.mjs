// The web suite's Lighthouse part: each page audited RUNS times with Lighthouse's mobile preset,
// each figure the median of its runs; the home page's first-load JavaScript; the targets, and the
// audits to act on where a page falls short.
import path from 'node:path';
import { runLighthouse } from '../../lib/lighthouse.mjs';
import {
  CATEGORIES,
  categoryScore,
  erroredAudits,
  failingAudits,
  medianRun,
  pageFigures,
  scriptRequests,
  sumOf,
} from '../../lib/lighthouse-figures.mjs';
import { encodedBodySize } from '../../lib/net.mjs';
import {
  formatTarget,
  loadAverage,
  machineUnderLoad,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../../lib/report.mjs';
import { message } from '../../lib/resources.mjs';
import { checkServerRendered } from './pages.mjs';

/** Runs per page; the figures are their medians. */
const RUNS = 3;
/** One run, Chromium's start included (Lighthouse itself gives a page 45 s to load). */
const RUN_TIMEOUT_MS = 120_000;
/** Failing audits shown per category that misses its target. */
const AUDITS_SHOWN = 6;
/** The targets (scores 0 to 1). */
const LIMITS = {
  performance: 0.9,
  accessibility: 0.95,
  seo: 0.95,
  lcpS: 2.5,
  tbtMs: 200,
  cls: 0.05,
  homeScriptKB: 100,
};
/** Bytes in a kB, as Vite's build output counts them. */
const KB = 1000;

/** @typedef {import('lighthouse').Result} Report */
/** @typedef {import('../../lib/lighthouse-figures.mjs').CategoryId} CategoryId */

/**
 * @param {import('../../lib/suite.mjs').SuiteContext} ctx
 * @param {import('./pages.mjs').WebSetup} setup
 * @param {import('../../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../../lib/suite.mjs').SuiteReport>}
 */
export async function measureLighthouse(ctx, setup, scope) {
  const label = `web / lighthouse / ${setup.engine.name}`;
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const startedAt = new Date();
  const loadBefore = loadAverage();
  const busy = await warnIfCpuBusy(log, 2_000, 'Lighthouse');

  const pages = [];
  for (const page of setup.pages) {
    const url = setup.baseUrl + page.path;
    const check = await checkServerRendered(url, page.designName);
    if (!check.pass) log(`WARNING: ${page.path}: ${check.detail}`);
    /** @type {{ report: Report, ms: number }[]} */
    const runs = [];
    /** @type {string[]} */
    const problems = check.pass ? [] : [`not server-rendered: ${check.detail}`];
    for (let i = 1; i <= RUNS; i++) {
      try {
        const run = await runLighthouse(url, { timeoutMs: RUN_TIMEOUT_MS, scope, signal: ctx.signal });
        runs.push(run);
        log(
          `${page.name} run ${i}/${RUNS}: performance ${categoryScore(run.report, 'performance')} ` +
            `(${(run.ms / 1000).toFixed(1)} s)`,
        );
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        problems.push(`run ${i}: ${message(err)}`);
        log(`${page.name} run ${i}/${RUNS} FAILED: ${message(err)}`);
      }
    }
    const reports = runs.map((r) => r.report);
    const representative = medianRun(reports);
    pages.push({
      ...page,
      url,
      serverRendered: check.pass,
      runs: runs.length,
      runSeconds: runs.map((r) => Math.round(r.ms / 100) / 10),
      ...pageFigures(reports),
      warnings: [...new Set(reports.flatMap((r) => r.runWarnings))],
      erroredAudits: [...new Map(reports.flatMap(erroredAudits).map((a) => [a.id, a])).values()],
      problems,
      representative,
      failing: representative
        ? Object.fromEntries(CATEGORIES.map((id) => [id, failingAudits(representative, id, AUDITS_SHOWN)]))
        : {},
    });
  }

  const home = pages.find((p) => p.key === 'home');
  const homeScripts = home?.representative
    ? await firstLoadScripts(home.representative, setup.baseUrl)
    : null;
  const loadAfter = loadAverage();

  const targets = [];
  for (const p of pages) {
    const blocker = p.runs === 0 ? 'no run completed' : undefined;
    const s = p.scores;
    const m = p.metrics;
    targets.push(
      target(`${p.name}: performance score`, s.performance.median, '>=', LIMITS.performance, '', blocker),
      target(
        `${p.name}: accessibility score`,
        s.accessibility.median,
        '>=',
        LIMITS.accessibility,
        '',
        blocker,
      ),
      target(`${p.name}: SEO score`, s.seo.median, '>=', LIMITS.seo, '', blocker),
      target(`${p.name}: LCP`, seconds(m.lcp.median), '<=', LIMITS.lcpS, 's', blocker),
      target(`${p.name}: TBT`, rounded(m.tbt.median, 0), '<=', LIMITS.tbtMs, 'ms', blocker),
      target(`${p.name}: CLS`, rounded(m.cls.median, 3), '<=', LIMITS.cls, '', blocker),
    );
  }
  targets.push(
    target(
      'home: first-load JavaScript, gzip',
      homeScripts ? rounded(homeScripts.gzipBytes / KB, 1) : null,
      '<=',
      LIMITS.homeScriptKB,
      'kB',
      homeScripts ? undefined : 'the home page was not measured',
    ),
  );

  const representative = pages.find((p) => p.representative)?.representative;
  const lighthouseVersion = representative?.lighthouseVersion ?? null;
  // Blocking time moves with the browser's version as much as with the app: it is part of the figure.
  // The user agent gives the major version only (Chrome/150.0.0.0).
  const major = representative?.environment.hostUserAgent.match(/Chrom(?:e|ium)\/(\d+)/)?.[1];
  const browser = major ? `Chromium ${major}` : null;
  const result = {
    suite: 'web',
    part: 'lighthouse',
    engine: setup.engine.name,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: machineUnderLoad(busy, loadBefore, loadAfter),
    settings: {
      lighthouseVersion,
      browser,
      preset: "Lighthouse's default: mobile, simulated throttling",
      runsPerPage: RUNS,
      categories: CATEGORIES,
      catalogue: setup.catalogue,
      database: setup.databaseName,
      seedSeconds: setup.seedSeconds,
      note: 'each figure is the median of its own values over the runs; Chromium runs on the same machine as the API',
    },
    pages: pages.map(({ representative, ...p }) => p),
    homeScripts,
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult(`web-lighthouse-${setup.engine.name}`, result);
  printReport(label, result, pages);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return {
    label,
    file,
    targets,
    failedCases: pages.filter((p) => p.problems.length > 0).map((p) => p.name),
  };
}

/**
 * The JavaScript the home page loaded in its median run (Lighthouse's network requests of type
 * Script): as Lighthouse saw it transferred (br from the API, headers included), decoded, and the
 * gzip size the target is on: each script fetched again by a client that accepts gzip only, its
 * body's bytes as sent (the build's .gz copies).
 * @param {Report} report
 * @param {string} baseUrl
 */
async function firstLoadScripts(report, baseUrl) {
  const origin = new URL(baseUrl).origin;
  const scripts = scriptRequests(report).filter((s) => new URL(s.url).origin === origin);
  const gzip = await Promise.all(scripts.map((s) => encodedBodySize(s.url, 'gzip')));
  const files = scripts.map((s, i) => ({
    path: new URL(s.url).pathname,
    transferBytes: s.transferBytes,
    decodedBytes: s.resourceBytes,
    gzipBytes: gzip[i]?.bytes ?? 0,
    gzipSentAs: gzip[i]?.encoding ?? 'identity',
  }));
  return {
    scripts: files.length,
    gzipBytes: sumOf(files, (f) => f.gzipBytes),
    transferBytes: sumOf(files, (f) => f.transferBytes),
    decodedBytes: sumOf(files, (f) => f.decodedBytes),
    files,
  };
}

/**
 * @param {string} label
 * @param {{ machine: ReturnType<typeof machineUnderLoad>, settings: { lighthouseVersion: string | null, browser: string | null },
 *   homeScripts: Awaited<ReturnType<typeof firstLoadScripts>> | null,
 *   targets: import('../../lib/report.mjs').Target[] }} result
 * @param {(import('./pages.mjs').AuditedPage & ReturnType<typeof pageFigures> & { runs: number,
 *   problems: string[], warnings: string[], erroredAudits: { id: string, error: string }[], failing: Partial<Record<CategoryId, import('../../lib/lighthouse-figures.mjs').FailingAudit[]>> })[]} pages
 */
function printReport(label, result, pages) {
  const m = result.machine;
  console.log(
    `\n${label}: demo catalogue; Lighthouse ${result.settings.lighthouseVersion ?? '?'} on ${result.settings.browser ?? 'an unknown browser'}, mobile preset (simulated throttling), ` +
      `median of ${RUNS} runs per page; ${m.cpus} CPUs, Node ${m.node}; ` +
      `load average ${m.loadAverageBefore.join(' ')} before, ${m.loadAverageAfter.join(' ')} after`,
  );
  if (typeof m.cpuBusyBeforeLoad === 'number' && m.cpuBusyBeforeLoad > 0.25) {
    console.log(
      `WARNING: other work kept the machine ${Math.round(m.cpuBusyBeforeLoad * 100)} % busy before the runs`,
    );
  }
  const score = (/** @type {number | null} */ v) => (v === null ? '-' : v.toFixed(2));
  const ms = (/** @type {number | null} */ v) => (v === null ? '-' : String(Math.round(v)));
  const s = (/** @type {number | null} */ v) => (v === null ? '-' : (v / 1000).toFixed(2));
  console.log(
    table(
      ['page', 'perf.', 'a11y', 'SEO', 'best pr.', 'LCP s', 'TBT ms', 'CLS', 'FCP s', 'SI s', 'runs'],
      pages.map((p) => [
        p.name,
        score(p.scores.performance.median),
        score(p.scores.accessibility.median),
        score(p.scores.seo.median),
        score(p.scores['best-practices'].median),
        s(p.metrics.lcp.median),
        ms(p.metrics.tbt.median),
        p.metrics.cls.median === null ? '-' : p.metrics.cls.median.toFixed(3),
        s(p.metrics.fcp.median),
        s(p.metrics.speedIndex.median),
        `${p.runs}/${RUNS}`,
      ]),
    ),
  );
  const js = result.homeScripts;
  if (js) {
    console.log(
      `home first-load JavaScript: ${js.scripts} scripts, ${(js.gzipBytes / KB).toFixed(1)} kB gzip ` +
        '(each script as the API sends it to a client accepting gzip only); ' +
        `${(js.transferBytes / KB).toFixed(1)} kB transferred in the Lighthouse run (br, headers included), ` +
        `${(js.decodedBytes / KB).toFixed(1)} kB decoded`,
    );
  }
  for (const p of pages) {
    for (const problem of p.problems) console.log(`  ${p.name}: ${problem}`);
    for (const warning of p.warnings) console.log(`  ${p.name}: Lighthouse warning: ${warning}`);
    const [first] = p.erroredAudits;
    if (first) {
      console.log(
        `  ${p.name}: audits Lighthouse could not run (their findings are missing): ` +
          `${p.erroredAudits.map((a) => a.id).join(', ')}; first error: ${first.error.slice(0, 200)}`,
      );
    }
  }
  // Where a page misses a target, the audits to act on, from its median run.
  const missed = new Set(result.targets.filter((t) => !t.pass).map((t) => t.name));
  for (const p of pages) {
    /** @type {[CategoryId, boolean][]} */
    const categories = [
      ['performance', ['performance score', 'LCP', 'TBT', 'CLS'].some((n) => missed.has(`${p.name}: ${n}`))],
      ['accessibility', missed.has(`${p.name}: accessibility score`)],
      ['seo', missed.has(`${p.name}: SEO score`)],
    ];
    for (const [id, short] of categories) {
      const audits = p.failing[id] ?? [];
      if (!short || audits.length === 0) continue;
      console.log(`${p.name}, ${id}: failing audits (median run)`);
      for (const a of audits) {
        console.log(
          `  - ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''} [${a.id}, score ${a.score}]`,
        );
      }
    }
  }
  console.log('targets:');
  for (const t of result.targets) console.log(`  ${formatTarget(t)}`);
}

/** @param {number | null} ms */
function seconds(ms) {
  return ms === null ? null : rounded(ms / 1000, 2);
}

/**
 * @param {number | null} value
 * @param {number} digits
 */
function rounded(value, digits) {
  if (value === null) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
