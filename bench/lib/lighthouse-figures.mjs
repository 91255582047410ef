// What the web suite reads out of Lighthouse reports (LHRs): the figures of one page over several
// runs, the scripts a page loaded, and the audits to act on when a category falls short. Pure
// functions of the reports, so they are unit-tested on their own.

/** @typedef {import('lighthouse').Result} Report */

/** The categories measured, by their id in the report. */
export const CATEGORIES = /** @type {const} */ (['performance', 'accessibility', 'seo', 'best-practices']);
/** @typedef {typeof CATEGORIES[number]} CategoryId */

/** The metrics reported, by their audit id, with the unit of the audit's numericValue. */
export const METRICS = /** @type {const} */ ({
  lcp: { audit: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  tbt: { audit: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  cls: { audit: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  fcp: { audit: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  speedIndex: { audit: 'speed-index', label: 'Speed Index', unit: 'ms' },
});
/** @typedef {keyof typeof METRICS} MetricKey */

/**
 * The middle value of `values`, the mean of the two middle ones for an even count, not rounded
 * (scores and CLS are fractions); null for none.
 * @param {number[]} values
 * @returns {number | null}
 */
export function middleValue(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/**
 * A category's score (0 to 1), or null when the run could not score it.
 * @param {Report} report
 * @param {CategoryId} id
 */
export function categoryScore(report, id) {
  const score = report.categories[id]?.score;
  return typeof score === 'number' ? score : null;
}

/**
 * A metric's value (ms, or unitless for CLS), or null when the run did not measure it.
 * @param {Report} report
 * @param {MetricKey} key
 */
export function metricValue(report, key) {
  const value = report.audits[METRICS[key].audit]?.numericValue;
  return typeof value === 'number' ? value : null;
}

/**
 * One page's figures over several runs: each score and each metric is the median of its own
 * values over the runs that have it (so a figure may come from another run than its neighbour's),
 * with every run's values kept for the results file.
 * @param {Report[]} reports
 */
export function pageFigures(reports) {
  /** @param {(report: Report) => number | null} pick */
  const over = (pick) => {
    const values = reports.map(pick);
    return { median: middleValue(values.filter((v) => v !== null)), runs: values };
  };
  const scores = /** @type {Record<CategoryId, ReturnType<typeof over>>} */ (
    Object.fromEntries(CATEGORIES.map((id) => [id, over((r) => categoryScore(r, id))]))
  );
  const metrics = /** @type {Record<MetricKey, ReturnType<typeof over>>} */ (
    Object.fromEntries(
      /** @type {MetricKey[]} */ (Object.keys(METRICS)).map((key) => [key, over((r) => metricValue(r, key))]),
    )
  );
  return { scores, metrics };
}

/**
 * The run whose performance score is the median of the runs' (with an even count, the lower of
 * the two middle ones): the one whose audits are shown when a target is missed. Without scores,
 * the first run.
 * @param {Report[]} reports
 * @returns {Report | undefined}
 */
export function medianRun(reports) {
  const scored = reports
    .map((report) => ({ report, score: categoryScore(report, 'performance') }))
    .filter((r) => r.score !== null)
    .sort((a, b) => /** @type {number} */ (a.score) - /** @type {number} */ (b.score));
  if (scored.length === 0) return reports[0];
  return scored[Math.floor((scored.length - 1) / 2)]?.report;
}

/**
 * @typedef {object} ScriptRequest
 * @property {string} url
 * @property {number} transferBytes bytes on the wire (headers included, compressed as sent)
 * @property {number} resourceBytes the script's own size once decoded
 */

/**
 * The JavaScript a page loaded in a run, from the report's network requests: every request of
 * resource type Script that completed, in the order requested.
 * @param {Report} report
 * @returns {ScriptRequest[]}
 */
export function scriptRequests(report) {
  const details = report.audits['network-requests']?.details;
  if (details?.type !== 'table') {
    throw new Error('the report has no network requests (audit network-requests)');
  }
  /** @type {ScriptRequest[]} */
  const scripts = [];
  for (const item of details.items) {
    if (item.resourceType !== 'Script' || typeof item.url !== 'string') continue;
    if (typeof item.statusCode === 'number' && (item.statusCode < 200 || item.statusCode >= 300)) continue;
    scripts.push({
      url: item.url,
      transferBytes: typeof item.transferSize === 'number' ? item.transferSize : 0,
      resourceBytes: typeof item.resourceSize === 'number' ? item.resourceSize : 0,
    });
  }
  return scripts;
}

/**
 * Sum of `pick` over `items`.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => number} pick
 */
export function sumOf(items, pick) {
  return items.reduce((total, item) => total + pick(item), 0);
}

/**
 * @typedef {object} FailingAudit
 * @property {string} id
 * @property {string} title
 * @property {number} score 0 to 1
 * @property {number} weight its weight in the category's score (0 for diagnostics)
 * @property {number} savingsMs what Lighthouse estimates fixing it would take off FCP, LCP and TBT
 * @property {string} [displayValue] e.g. "Potential savings of 120 KiB"
 */

/**
 * Audit groups left out of the failing audits: the metrics (the report shows their values) and
 * the hidden ones (metrics Lighthouse no longer scores).
 */
const NOT_ACTIONABLE_GROUPS = ['metrics', 'hidden'];

/**
 * The category's audits to act on that did not pass (score under 0.9; audits that were not
 * applicable, informative or manual, or in NOT_ACTIONABLE_GROUPS, left out): those that weigh most
 * in the score first, then those with the largest estimated savings, then the lowest scores; at
 * most `limit`.
 * @param {Report} report
 * @param {CategoryId} id
 * @param {number} limit
 * @returns {FailingAudit[]}
 */
export function failingAudits(report, id, limit) {
  const category = report.categories[id];
  if (!category) return [];
  /** @type {FailingAudit[]} */
  const failing = [];
  for (const ref of category.auditRefs) {
    const audit = report.audits[ref.id];
    if (!audit || typeof audit.score !== 'number' || audit.score >= 0.9) continue;
    if (['notApplicable', 'informative', 'manual'].includes(audit.scoreDisplayMode)) continue;
    if (ref.group && NOT_ACTIONABLE_GROUPS.includes(ref.group)) continue;
    const savings = audit.metricSavings ?? {};
    failing.push({
      id: ref.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      savingsMs: (savings.FCP ?? 0) + (savings.LCP ?? 0) + (savings.TBT ?? 0),
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    });
  }
  failing.sort((a, b) => b.weight - a.weight || b.savingsMs - a.savingsMs || a.score - b.score);
  return failing.slice(0, limit);
}

/**
 * The audits Lighthouse could not run (its own failure, e.g. a trace it cannot read), with their
 * error: their findings are missing from the report.
 * @param {Report} report
 * @returns {{ id: string, error: string }[]}
 */
export function erroredAudits(report) {
  return Object.entries(report.audits)
    .filter(([, audit]) => audit.scoreDisplayMode === 'error')
    .map(([id, audit]) => ({ id, error: audit.errorMessage ?? 'no message' }));
}
