// What the web suite's parts share: the pages measured, the API serving them, and a check that a
// page arrives rendered by the server (not the empty index.html the API falls back to).

/**
 * @typedef {object} AuditedPage
 * @property {'home' | 'design' | 'profile'} key
 * @property {string} name label in tables
 * @property {string} path address on the API, e.g. /design/alice/vase
 * @property {string} [designName] the design's name, on the design page
 */

/**
 * @typedef {object} WebSetup
 * @property {import('../../lib/engines.mjs').Engine} engine
 * @property {string} baseUrl the API's http://127.0.0.1:port
 * @property {AuditedPage[]} pages
 * @property {'demo' | 'foundation'} catalogue what the database was seeded with
 * @property {string | null} databaseName the temporary (or kept) PostgreSQL database, if any
 * @property {number} seedSeconds
 */

/** The block the server render puts the page's data in (decision 0014). */
const STATE_MARKER = 'id="ssr-state"';

/**
 * Whether `url` answers 200 with an HTML page the server rendered, as a browser asks for it.
 * @param {string} url
 * @param {string} [mustContain] text the rendered page must hold (a design's name)
 * @returns {Promise<{ pass: boolean, detail: string, htmlBytes: number }>}
 */
export async function checkServerRendered(url, mustContain) {
  const response = await fetch(url, {
    headers: { accept: 'text/html' },
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  const html = await response.text();
  const type = response.headers.get('content-type') ?? '';
  /** @type {string[]} */
  const problems = [];
  if (response.status !== 200) problems.push(`status ${response.status}`);
  if (!type.startsWith('text/html')) problems.push(`content-type ${type}`);
  if (!html.includes(STATE_MARKER)) problems.push('no server-rendered state: the empty index.html?');
  // React escapes text: check a name without characters it would write as entities.
  if (mustContain && /^[\w\s.,-]+$/.test(mustContain) && !html.includes(mustContain)) {
    problems.push(`"${mustContain}" is not on the page`);
  }
  const htmlBytes = Buffer.byteLength(html);
  return problems.length === 0
    ? { pass: true, detail: `200, server-rendered, ${htmlBytes} bytes of HTML`, htmlBytes }
    : { pass: false, detail: problems.join('; '), htmlBytes };
}
