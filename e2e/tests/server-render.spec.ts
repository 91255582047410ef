import type { APIRequestContext, Page, Route } from '@playwright/test';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { boxStl } from '../fixtures/stl.ts';

/** Words of a hydration warning or error, should the runtime print one (Preact's debug build does). */
const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|server HTML|mismatch/i;

/**
 * Collects hydration warnings and errors from the console and uncaught errors, and keeps what the
 * server sent as the document is parsed (before the app starts, which waits for the page's load):
 * every element of #root and its text. Hydrating keeps each of those elements; a mismatch makes the
 * runtime put new ones in their place, or rewrite the text.
 */
async function watchHydration(page: Page): Promise<Hydration> {
  const problems: string[] = [];
  // The app's first writes (a design page records its view, then shows the new count) wait until
  // the markup has been compared, so what changes the page meanwhile is its first render only.
  const heldWrites: Route[] = [];
  await page.route('**/api/**', (route) =>
    route.request().method() === 'GET' ? route.continue() : heldWrites.push(route),
  );
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
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      Object.assign(window, {
        serverElements: root ? Array.from(root.querySelectorAll('*')) : [],
        serverText: root?.textContent ?? '',
      });
    });
  });
  return { problems, heldWrites };
}

type Hydration = { problems: string[]; heldWrites: Route[] };

type ServerMarkup = { serverElements?: Element[]; serverText?: string };

/** The server's elements no longer in the page, and what of #root's text is no longer the server's. */
function serverMarkupKept(page: Page) {
  return page.evaluate(() => {
    const { serverElements = [], serverText = '' } = window as unknown as ServerMarkup;
    const text = document.getElementById('root')?.textContent ?? '';
    let from = 0;
    while (from < text.length && text[from] === serverText[from]) from++;
    return {
      elements: serverElements.length,
      replaced: serverElements.filter((element) => !element.isConnected).length,
      // The first of them, to show in a failure.
      firstReplaced: serverElements.find((element) => !element.isConnected)?.outerHTML.slice(0, 120) ?? null,
      // Where the text first differs, to show in a failure.
      changedText:
        text === serverText ? null : `${serverText.slice(from, from + 60)} -> ${text.slice(from, from + 60)}`,
    };
  });
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
 * The app has started (the fixture's goto waits for it) on the server's markup, every element of it
 * kept and its text unchanged; the page's own logo link then navigates in the browser, without
 * loading a document.
 */
async function expectHydrated(page: Page, documents: { count: number }, hydration: Hydration) {
  const kept = await serverMarkupKept(page);
  expect(kept.elements).toBeGreaterThan(20);
  expect(kept).toMatchObject({ replaced: 0, changedText: null });
  expect(hydration.problems).toEqual([]);
  await Promise.all(hydration.heldWrites.map((route) => route.continue()));
  await page.unroute('**/api/**');
  const before = documents.count;
  await page.getByRole('link', { name: 'PrintMarket home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newest Models' })).toBeVisible();
  expect(documents.count).toBe(before);
}

/** A demo design whose model previews are rendered (its page then asks for nothing more). */
async function designWithPreviews(request: APIRequestContext): Promise<Design> {
  let found: Design | undefined;
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

type Design = { username: string; slug: string; name: string };

/** The public pages the server renders, each checked in a test of its own. */
const PUBLIC_PAGES: [string, (design: Design) => string][] = [
  ['the home page', () => '/'],
  ['a later page of another order', () => '/?sort=most-popular&page=2'],
  ['a design page', (design) => `/design/${design.username}/${design.slug}`],
  ['a profile', (design) => `/profile/${design.username}`],
  ['search results', () => '/search?query=vase'],
  ['the about page', () => '/about'],
  ['the privacy policy', () => '/privacyPolicy'],
  ['the terms of service', () => '/termsofservice'],
  ['the copyright page', () => '/copyright'],
];

for (const [label, addressOf] of PUBLIC_PAGES) {
  test(`${label} arrives rendered and hydrates without a mismatch`, async ({ page, request }) => {
    const hydration = await watchHydration(page);
    const documents = countDocuments(page);
    const address = addressOf(await designWithPreviews(request));
    const response = await page.goto(address);
    expect(response?.status()).toBe(200);
    // The server's markup: the page's content is in the HTML before any script runs.
    expect(await response?.text()).toContain('id="ssr-state"');
    await expectHydrated(page, documents, hydration);
  });
}

test('a collection page arrives rendered and hydrates without a mismatch', async ({ page, request }) => {
  const hydration = await watchHydration(page);
  const documents = countDocuments(page);
  const { username, token } = await register(request, 'shelf', 'Shelf Maker');
  const upload = await request.post('/api/designs/upload', {
    headers: { 'x-auth-token': token },
    multipart: {
      designName: 'Shelf Bracket',
      description: 'Opens the collection.',
      isPaid: 'false',
      createNewCollection: 'true',
      newCollectionName: 'Shelf Parts',
      files: { name: 'bracket.stl', mimeType: 'model/stl', buffer: boxStl(10, 10, 10, 1) },
    },
  });
  expect(upload.status()).toBe(201);
  const [collection] = await (await request.get(`/api/collections/user/${username}`)).json();

  const response = await page.goto(`/collection/${collection.id}`);
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('id="ssr-state"');
  expect(html).toContain('Shelf Parts');
  await expectHydrated(page, documents, hydration);
});

test('a design page in a collection arrives rendered and hydrates without a mismatch', async ({
  page,
  request,
}) => {
  const hydration = await watchHydration(page);
  const documents = countDocuments(page);
  const { username, token } = await register(request, 'kit', 'Kit Maker');
  const upload = await request.post('/api/designs/upload', {
    headers: { 'x-auth-token': token },
    multipart: {
      designName: 'Kit Hinge',
      description: 'Its side panel has a second part: the collection.',
      isPaid: 'false',
      createNewCollection: 'true',
      newCollectionName: 'Kit Parts',
      files: { name: 'hinge.stl', mimeType: 'model/stl', buffer: boxStl(12, 8, 4, 1) },
    },
  });
  expect(upload.status()).toBe(201);
  const { slug } = (await upload.json()).design;
  // Its model's preview rendered, so the page asks for nothing more while it hydrates.
  await expect
    .poll(async () => {
      const detail = await (await request.get(`/api/designs/${username}/${slug}`)).json();
      return detail.files.every((file: { previewUrl?: string | null }) => file.previewUrl);
    })
    .toBe(true);

  const response = await page.goto(`/design/${username}/${slug}`);
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain('Kit Parts');
  await expectHydrated(page, documents, hydration);
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

test("a signed-in person's public page never shows a visitor's page first", async ({ page, request }) => {
  const { username, token } = await register(request, 'returning');
  await useToken(page, token);
  // The app, started with the stored session, tells the server this browser holds one.
  await page.goto('/');
  // Restored: leaving while it loads would abort its calls, and a failed restore drops the token.
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`)).toContain(
    'pm_signed_in=1',
  );
  await page.addInitScript(() => {
    const seen = window as unknown as { visitorHeader?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('a[href="/signup"]')) seen.visitorHeader = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/profile/${username}`);
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { visitorHeader?: boolean }).visitorHeader ?? false),
  ).toBe(false);
  // Signed out, the same browser gets the rendered visitor's page again.
  await useToken(page, null);
  await page.goto('/');
  const html = await (await page.request.get(`/profile/${username}`)).text();
  expect(html).toContain('id="ssr-state"');
});
