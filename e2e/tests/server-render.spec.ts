import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/** What React says when the browser's first render differs from the server's markup. */
const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|server HTML/i;

/** Collects React's hydration warnings and errors, from the console and uncaught errors alike. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      HYDRATION_PROBLEM.test(message.text())
    )
      problems.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_PROBLEM.test(error.message)) problems.push(error.message);
  });
  return problems;
}

/** Document loads of the page: a client-side navigation adds none. */
function countDocuments(page: Page): { count: number } {
  const documents = { count: 0 };
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.count++;
  });
  return documents;
}

/**
 * Waits until React took over the server's markup: the page's own logo link then navigates in the
 * browser, without loading a document.
 */
async function expectHydrated(page: Page, documents: { count: number }) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')),
      ),
    )
    .toBe(true);
  const before = documents.count;
  await page.getByRole('link', { name: 'PrintMarket home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newest Models' })).toBeVisible();
  expect(documents.count).toBe(before);
}

/** A demo design whose model previews are rendered (its page then asks for nothing more). */
async function designWithPreviews(request: APIRequestContext) {
  let found: { username: string; slug: string; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = await (await request.get('/api/designs/newest?page=1&limit=12')).json();
        for (const card of list.designs) {
          const detail = await (await request.get(`/api/designs/${card.user.username}/${card.slug}`)).json();
          const pending = detail.files.some(
            (file: { type: string; previewUrl?: string | null }) => file.type === 'stl' && !file.previewUrl,
          );
          if (!pending) {
            found = { username: card.user.username, slug: card.slug, name: card.name };
            return true;
          }
        }
        return false;
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  if (!found) throw new Error('No design has its previews.');
  return found;
}

test('public pages arrive rendered and hydrate without a mismatch', async ({ page, request }) => {
  const problems = watchHydration(page);
  const documents = countDocuments(page);
  const design = await designWithPreviews(request);
  const addresses = [
    '/',
    '/?sort=most-popular&page=2',
    `/design/${design.username}/${design.slug}`,
    `/profile/${design.username}`,
    '/search?query=vase',
    '/about',
    '/privacyPolicy',
    '/termsofservice',
  ];

  for (const address of addresses) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(200);
    // The server's markup: the page's content is in the HTML before any script runs.
    expect(await response?.text(), address).toContain('id="ssr-state"');
    await expectHydrated(page, documents);
    expect(problems, address).toEqual([]);
  }
});

test('a hydrated design page does not fetch again what its HTML carried', async ({ page, request }) => {
  const design = await designWithPreviews(request);
  const designCalls: string[] = [];
  page.on('request', (call) => {
    const url = new URL(call.url());
    const isDesign = url.pathname === `/api/designs/${design.username}/${design.slug}`;
    if (call.method() === 'GET' && (isDesign || url.pathname === '/api/config'))
      designCalls.push(url.pathname);
  });
  // The view the page records once it runs: by then it has rendered with its data.
  const viewRecorded = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/api/designs/${design.username}/${design.slug}`,
  );
  await page.goto(`/design/${design.username}/${design.slug}`);
  await viewRecorded;
  await expect(page.getByRole('heading', { level: 1, name: design.name })).toBeVisible();
  expect(designCalls).toEqual([]);
});

test('the home page hydrates with its first designs and only asks for the next page', async ({ page }) => {
  const listCalls: string[] = [];
  page.on('request', (call) => {
    const url = new URL(call.url());
    if (url.pathname === '/api/designs/newest') listCalls.push(url.searchParams.get('page') ?? '');
  });
  // The home page fetches the next page in the background once it runs with the first.
  const nextPage = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/designs/newest',
  );
  await page.goto('/');
  await nextPage;
  await expect(page.locator('main article')).toHaveCount(12);
  expect(listCalls).toEqual(['2']);
});
