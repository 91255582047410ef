// The model-formats issue's viewer figure: click 'Show in 3D' on a design with a 1,000,000-triangle
// model to the first drawn frame, in headless Chromium with software WebGL (SwiftShader), against
// the built app. A visitor of the paid design is shown its preview mesh; the baseline, in the same
// run, is the design's owner waiting for the full model to be drawn (what everyone waited for
// before preview meshes: the whole file downloaded, parsed and drawn).
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  apiEnv,
  assertApiBuilt,
  assertWebBuilt,
  makeDataDir,
  registerUser,
  startApi,
  uploadDesign,
} from '../lib/api.mjs';
import { CHROMIUM_PATH } from '../lib/lighthouse.mjs';
import { exactMedian } from '../lib/measure.mjs';
import { requestJson } from '../lib/net.mjs';
import {
  formatNumber,
  formatTarget,
  machine,
  mb,
  table,
  target,
  warnIfCpuBusy,
  writeResult,
} from '../lib/report.mjs';
import { writeSphereStlFile } from '../lib/stl-file.mjs';
import { runInScope } from '../lib/suite.mjs';

/** 2 x 1000 x 500 = 1,000,000 triangles, 50 MB. */
const SPHERE = { rings: 501, segments: 1000, radius: 50 };
const ROUNDS = 5;
const LIMIT_MS = 1_000;
const PREVIEW_WAIT_MS = 180_000;
const FRAME_WAIT_MS = 120_000;
/** What the browser tests start Chromium with: WebGL on ANGLE's SwiftShader, no GPU. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** @type {import('../lib/suite.mjs').Suite} */
export function viewer(ctx) {
  return runInScope(ctx, 'viewer', (scope) => run(ctx, scope));
}

/**
 * @param {import('../lib/suite.mjs').SuiteContext} ctx
 * @param {import('../lib/resources.mjs').Scope} scope
 * @returns {Promise<import('../lib/suite.mjs').SuiteReport>}
 */
async function run(ctx, scope) {
  const label = 'viewer';
  /** @param {string} line */
  const log = (line) => ctx.log(`${label}: ${line}`);
  const { signal } = ctx;
  const startedAt = new Date();
  assertApiBuilt();
  assertWebBuilt();

  const { dir, dataDir } = await makeDataDir(scope, 'viewer');
  const stlFile = path.join(dir, 'sphere.stl');
  const written = await writeSphereStlFile(stlFile, { ...SPHERE, label: 'sphere' });
  log(`${written.triangles.toLocaleString('en-US')}-triangle STL, ${mb(written.bytes)} MB`);

  const api = await startApi({ env: apiEnv({ dataDir }), engine: 'embedded', scope, signal, log });
  const token = await registerUser(api.baseUrl);
  const me = await requestJson(`${api.baseUrl}/api/auth/user`, { headers: { 'x-auth-token': token } });
  const username = /** @type {string} */ (me.body?.username ?? me.body?.user?.username);
  const up = await uploadDesign(api.baseUrl, {
    headers: { 'x-auth-token': token },
    fields: [
      ['designName', 'Million Sphere'],
      ['description', 'A finely tessellated sphere, sold.'],
      ['categories', JSON.stringify(['Art'])],
      ['isPaid', 'true'],
      ['price', '5'],
    ],
    files: [{ path: stlFile, name: 'sphere.stl' }],
    timeoutMs: 120_000,
    signal,
  });
  const designUrl = `${api.baseUrl}/design/${username}/${up.body.design.slug}`;
  const preview = await waitForPreviewMesh(
    `${api.baseUrl}/api/designs/${username}/${up.body.design.slug}`,
    signal,
  );
  log(`preview mesh ready: ${preview.url} (${Math.round(preview.bytes / 1024)} kB)`);

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  scope.defer('Chromium', () => browser.close());
  const busy = await warnIfCpuBusy(log, 2_000, 'the measurement');
  /** @type {number[]} */
  const previewMs = [];
  /** @type {number[]} */
  const fullMs = [];
  for (let round = 0; round < ROUNDS; round++) {
    signal.throwIfAborted();
    previewMs.push(await clickToFrame(browser, designUrl, null, 'preview'));
    fullMs.push(await clickToFrame(browser, designUrl, token, 'full'));
    log(
      `round ${round + 1}: preview ${Math.round(previewMs.at(-1) ?? 0)} ms, full model ${Math.round(fullMs.at(-1) ?? 0)} ms`,
    );
  }
  await browser.close();

  const medianPreview = Math.round(exactMedian(previewMs));
  const medianFull = Math.round(exactMedian(fullMs));
  const targets = [
    target(
      "visitor: click 'Show in 3D' to the first drawn frame (1,000,000-triangle design)",
      medianPreview,
      '<=',
      LIMIT_MS,
      'ms',
    ),
  ];
  const result = {
    suite: 'viewer',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: { ...machine(), cpuBusyBeforeMeasurement: busy },
    settings: {
      triangles: written.triangles,
      fileBytes: written.bytes,
      previewMeshBytes: preview.bytes,
      rounds: ROUNDS,
      browser: 'headless Chromium, WebGL on SwiftShader (software)',
      note: "each round opens the page in a fresh browser context (nothing cached), waits until the page is idle, clicks 'Show in 3D' and reads the time to the viewer's first drawn frame of the preview (a visitor) or of the full model (the owner, the baseline)",
    },
    previewMsPerRun: previewMs.map(Math.round),
    fullMsPerRun: fullMs.map(Math.round),
    medianPreviewMs: medianPreview,
    medianFullMs: medianFull,
    ratio: Math.round((medianFull / medianPreview) * 10) / 10,
    targets,
    pass: targets.every((t) => t.pass),
  };
  const file = writeResult('viewer', result);
  console.log(
    `\nviewer: ${written.triangles.toLocaleString('en-US')}-triangle design, median of ${ROUNDS} rounds; ${result.machine.cpus} CPUs`,
  );
  console.log(
    table(
      ['case', 'median ms', 'min ms', 'max ms'],
      [
        [
          'visitor, preview mesh first frame',
          formatNumber(medianPreview),
          formatNumber(Math.min(...previewMs)),
          formatNumber(Math.max(...previewMs)),
        ],
        [
          'owner, full model drawn (baseline)',
          formatNumber(medianFull),
          formatNumber(Math.min(...fullMs)),
          formatNumber(Math.max(...fullMs)),
        ],
      ],
    ),
  );
  console.log(`the preview is on screen ${result.ratio}x sooner than the full model`);
  for (const t of targets) console.log(`  ${formatTarget(t)}`);
  console.log(`  written to ${path.relative(process.cwd(), file)}\n`);
  return { label, file, targets, failedCases: [] };
}

/**
 * Polls the design until its model has a preview mesh, and returns its address and size.
 * @param {string} detailUrl
 * @param {AbortSignal} signal
 */
async function waitForPreviewMesh(detailUrl, signal) {
  const deadline = Date.now() + PREVIEW_WAIT_MS;
  while (Date.now() < deadline) {
    signal.throwIfAborted();
    const { body } = await requestJson(detailUrl);
    const model = body?.files?.find((/** @type {{ type: string }} */ file) => file.type === 'stl');
    if (model?.previewMeshUrl) {
      const glb = await fetch(new URL(model.previewMeshUrl, detailUrl));
      return {
        url: /** @type {string} */ (model.previewMeshUrl),
        bytes: (await glb.arrayBuffer()).byteLength,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no preview mesh after ${PREVIEW_WAIT_MS / 1000} s`);
}

/**
 * In a fresh context (nothing cached): opens the design, waits until the page is idle, clicks
 * 'Show in 3D' and returns the milliseconds from the click to the viewer saying it drew `showing`.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string | null} token signed in as the owner, or a visitor
 * @param {'preview' | 'full'} showing
 */
async function clickToFrame(browser, url, token, showing) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    if (token) await context.addInitScript(`localStorage.setItem('authToken', ${JSON.stringify(token)})`);
    await page.goto(url, { waitUntil: 'networkidle' });
    // The server-rendered page answers clicks once the app has started on it (it marks <html>).
    await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
    // In the page (as text: it runs in the browser): the click's time, and the moment the viewer
    // marks the geometry as drawn.
    await page.evaluate(`
      document.addEventListener('click', () => (window.benchClickAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (document.querySelector('[data-showing="${showing}"]')) window.benchDrawnAt ??= performance.now();
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-showing'] });
    `);
    await page.getByRole('button', { name: 'Show in 3D' }).click();
    await page.locator(`[data-showing="${showing}"]`).waitFor({ timeout: FRAME_WAIT_MS });
    return /** @type {number} */ (await page.evaluate('window.benchDrawnAt - window.benchClickAt'));
  } finally {
    await context.close();
  }
}
