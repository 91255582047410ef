import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/app-test.ts';

/** The first demo design of the home page. */
async function firstDesign(request: APIRequestContext) {
  const list = await (await request.get('/api/designs/newest?page=1')).json();
  const [card] = list.designs as { slug: string; name: string; user: { username: string } }[];
  if (!card) throw new Error('The demo content has no designs.');
  return card;
}

/** index.html's notice (text inside <noscript> is not found by text, so by its class). */
const notice = (page: Page) => page.locator('noscript .noscript-notice');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a design page comes styled by its own stylesheets, with no notice that it needs JavaScript', async ({
    page,
    request,
  }) => {
    const design = await firstDesign(request);
    await page.goto(`/design/${design.user.username}/${design.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: design.name })).toBeVisible();
    // The gallery's 4:3 frame is the design screen's stylesheet, which is not in index.html: only
    // the server's link to it brings it without the screen's code.
    const picture = page.locator('main img[fetchpriority="high" i]');
    await expect(picture).toHaveCount(1);
    expect(
      await picture.evaluate((image) => getComputedStyle(image.parentElement as Element).aspectRatio),
    ).toBe('4 / 3');
    await expect(notice(page)).toHaveCount(1);
    await expect(notice(page)).toBeHidden();
  });

  test('the home page lays its cards out in the grid of its stylesheets', async ({ page }) => {
    await page.goto('/');
    const grid = page.locator('main ul:has(> li > article)');
    await expect(grid).toHaveCount(1);
    expect(await grid.evaluate((list) => getComputedStyle(list).display)).toBe('grid');
    await expect(notice(page)).toHaveCount(1);
    await expect(notice(page)).toBeHidden();
  });

  test('the search in the top bar finds designs as a plain form', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search designs' });
    await search.fill('vase');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=vase$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('vase');
  });

  test('a page only the browser renders says that it needs JavaScript', async ({ page }) => {
    await page.goto('/signin');
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toHaveText(/This page needs JavaScript/);
  });
});

/** Adds up the page's layout shifts from its start (none caused by input happen here). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        record.layoutShift += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/** Waits until the page's first picture is shown (the fixture's goto waited for the app to start). */
async function hydratedWithPicture(page: Page) {
  const picture = page.locator('main img[fetchpriority="high" i]').first();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
}

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });

  test('the home page does not move while its styles, picture and code arrive', async ({ page }) => {
    const layoutShift = await watchLayoutShifts(page);
    await page.goto('/');
    await hydratedWithPicture(page);
    expect(await layoutShift()).toBeLessThanOrEqual(0.05);
  });

  test('a design page does not move while its styles, picture and code arrive', async ({ page, request }) => {
    const layoutShift = await watchLayoutShifts(page);
    const design = await firstDesign(request);
    await page.goto(`/design/${design.user.username}/${design.slug}`);
    await hydratedWithPicture(page);
    expect(await layoutShift()).toBeLessThanOrEqual(0.05);
  });
});
