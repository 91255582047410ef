import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import {
  type CategoryId,
  erroredAudits,
  failingAudits,
  METRICS,
  type MetricKey,
  medianRun,
  middleValue,
  pageFigures,
  scriptRequests,
  sumOf,
} from './lighthouse-figures.mjs';

type AuditEntry = Result['audits'][string];

/**
 * The parts of a Lighthouse report the helpers read: categories with their scores and audit
 * references, and audits with a score, a numeric value or a details table.
 */
function report(options: {
  scores?: Partial<Record<CategoryId, number | null>>;
  metrics?: Partial<Record<MetricKey, number>>;
  audits?: Record<string, Partial<AuditEntry>>;
  auditRefs?: Partial<Record<CategoryId, { id: string; weight: number; group?: string }[]>>;
}): Result {
  const audits: Record<string, Partial<AuditEntry>> = { ...options.audits };
  for (const [key, value] of Object.entries(options.metrics ?? {})) {
    audits[METRICS[key as MetricKey].audit] = { numericValue: value };
  }
  const categories = Object.fromEntries(
    Object.entries(options.scores ?? {}).map(([id, score]) => [
      id,
      { id, title: id, score, auditRefs: options.auditRefs?.[id as CategoryId] ?? [] },
    ]),
  );
  return { categories, audits } as unknown as Result;
}

describe('middleValue', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one, unrounded', () => {
    const odd = [0.91, 0.62, 0.87];
    expect(middleValue(odd)).toBe(0.87);
    expect(middleValue([0.87, 0.62, 0.91, 0.7])).toBeCloseTo((0.7 + 0.87) / 2, 10);
    expect(middleValue([0.013])).toBe(0.013);
    expect(middleValue([])).toBeNull();
  });
});

describe('pageFigures', () => {
  it('gives each figure the median of its own runs, skipping runs that lack it', () => {
    const runs = [
      report({ scores: { performance: 0.8, seo: 1 }, metrics: { lcp: 4100, cls: 0.2 } }),
      report({ scores: { performance: 0.6, seo: 0.9 }, metrics: { lcp: 2600, cls: 0.01 } }),
      report({ scores: { performance: 0.7, seo: null }, metrics: { lcp: 3000 } }),
    ];
    const figures = pageFigures(runs);
    // Performance and LCP come from different runs: each is the median of its own values.
    expect(figures.scores.performance.median).toBe(0.7);
    expect(figures.metrics.lcp.median).toBe(3000);
    expect(figures.scores.seo).toEqual({ median: (1 + 0.9) / 2, runs: [1, 0.9, null] });
    expect(figures.metrics.cls.median).toBeCloseTo((0.2 + 0.01) / 2, 10);
    expect(figures.metrics.tbt).toEqual({ median: null, runs: [null, null, null] });
    expect(figures.scores.accessibility.median).toBeNull();
  });
});

describe('medianRun', () => {
  it("picks the run whose performance score is the runs' median", () => {
    const runs = [0.9, 0.5, 0.7].map((performance) => report({ scores: { performance } }));
    expect(medianRun(runs)).toBe(runs[2]);
    // With an even count, the lower of the two middle runs; with none scored, the first.
    const four = [0.8, 1, 0.5, 0.6].map((performance) => report({ scores: { performance } }));
    expect(medianRun(four)).toBe(four[3]);
    const unscored = [report({ scores: { performance: null } })];
    expect(medianRun(unscored)).toBe(unscored[0]);
    expect(medianRun([])).toBeUndefined();
  });
});

describe('scriptRequests', () => {
  it("takes the page's completed script requests and their sizes, in request order", () => {
    const items = [
      { url: 'http://127.0.0.1:3000/', resourceType: 'Document', transferSize: 5000, statusCode: 200 },
      {
        url: 'http://127.0.0.1:3000/assets/index.js',
        resourceType: 'Script',
        transferSize: 61_000,
        resourceSize: 190_000,
        statusCode: 200,
      },
      { url: 'http://127.0.0.1:3000/assets/a.css', resourceType: 'Stylesheet', transferSize: 4000 },
      {
        url: 'http://127.0.0.1:3000/assets/Home.js',
        resourceType: 'Script',
        transferSize: 9_000,
        resourceSize: 30_000,
        statusCode: 200,
      },
      {
        url: 'http://127.0.0.1:3000/assets/gone.js',
        resourceType: 'Script',
        transferSize: 300,
        statusCode: 404,
      },
    ];
    const scripts = scriptRequests(
      report({ audits: { 'network-requests': { details: { type: 'table', headings: [], items } } } }),
    );
    const expected = items.filter((i) => i.resourceType === 'Script' && i.statusCode === 200);
    expect(scripts.map((s) => s.url)).toEqual(expected.map((i) => i.url));
    expect(sumOf(scripts, (s) => s.transferBytes)).toBe(sumOf(expected, (i) => i.transferSize));
    expect(sumOf(scripts, (s) => s.resourceBytes)).toBe(sumOf(expected, (i) => i.resourceSize ?? 0));
  });

  it('refuses a report without network requests', () => {
    expect(() => scriptRequests(report({}))).toThrow('no network requests');
  });
});

describe('failingAudits', () => {
  it("lists the category's failed audits to act on: heaviest first, then largest savings, then lowest score", () => {
    const audit = (
      title: string,
      score: number | null,
      scoreDisplayMode = 'metricSavings',
      savings = {},
    ) => ({
      title,
      score,
      scoreDisplayMode: scoreDisplayMode as AuditEntry['scoreDisplayMode'],
      metricSavings: savings,
    });
    const r = report({
      scores: { accessibility: 0.8, performance: 0.5 },
      auditRefs: {
        accessibility: [
          { id: 'color-contrast', weight: 7 },
          { id: 'image-alt', weight: 10 },
          { id: 'label', weight: 7 },
          { id: 'passing', weight: 10 },
        ],
        performance: [
          { id: 'largest-contentful-paint', weight: 25, group: 'metrics' },
          { id: 'max-potential-fid', weight: 0, group: 'hidden' },
          { id: 'unused-javascript', weight: 0, group: 'diagnostics' },
          { id: 'uses-responsive-images', weight: 0, group: 'diagnostics' },
          { id: 'mainthread-work-breakdown', weight: 0, group: 'diagnostics' },
          { id: 'third-party-facades', weight: 0, group: 'diagnostics' },
          { id: 'layout-shifts', weight: 0, group: 'diagnostics' },
        ],
      },
      audits: {
        'color-contrast': audit('Contrast', 0, 'binary'),
        'image-alt': { ...audit('Image alt', 0, 'binary'), displayValue: '3 elements' },
        label: audit('Labels', 0.5, 'binary'),
        passing: audit('Passing', 1, 'binary'),
        'largest-contentful-paint': audit('Largest Contentful Paint', 0.3, 'numeric'),
        'max-potential-fid': audit('Max Potential First Input Delay', 0.2, 'numeric'),
        'unused-javascript': audit('Reduce unused JavaScript', 0, 'metricSavings', { FCP: 300, LCP: 300 }),
        'uses-responsive-images': audit('Properly size images', 0, 'metricSavings', { LCP: 100 }),
        'mainthread-work-breakdown': audit('Minimize main-thread work', 0, 'metricSavings', { TBT: 500 }),
        'third-party-facades': audit('Facades', null, 'notApplicable'),
        'layout-shifts': audit('Layout shifts', null, 'error'),
      },
    });
    const accessibility = failingAudits(r, 'accessibility', 10);
    expect(accessibility.map((a) => a.id)).toEqual(['image-alt', 'color-contrast', 'label']);
    expect(accessibility[0]).toMatchObject({ title: 'Image alt', displayValue: '3 elements', weight: 10 });
    // The metrics are the report's table; among diagnostics, the largest savings first.
    const performance = failingAudits(r, 'performance', 10);
    expect(performance.map((a) => a.id)).toEqual([
      'unused-javascript',
      'mainthread-work-breakdown',
      'uses-responsive-images',
    ]);
    expect(performance[0]?.savingsMs).toBe(600);
    expect(failingAudits(r, 'performance', 1).map((a) => a.id)).toEqual(['unused-javascript']);
    expect(failingAudits(r, 'seo', 5)).toEqual([]);
  });
});

describe('erroredAudits', () => {
  it('names the audits Lighthouse could not run, with their error', () => {
    const r = report({
      audits: {
        'layout-shifts': { scoreDisplayMode: 'error', errorMessage: 'trace unreadable' },
        'render-blocking-resources': { scoreDisplayMode: 'error' },
        'unused-javascript': { scoreDisplayMode: 'metricSavings', score: 0 },
      },
    });
    expect(erroredAudits(r)).toEqual([
      { id: 'layout-shifts', error: 'trace unreadable' },
      { id: 'render-blocking-resources', error: 'no message' },
    ]);
  });
});
