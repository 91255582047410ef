import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/app-test.ts';

const cardTitles = (page: Page) => page.locator('main article h2, main article h3').allInnerTexts();

test('home lists demo designs newest first, pages with pagination and scrolls to the top', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Newest Models' })).toBeVisible();
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(12);
  const first = await cardTitles(page);

  const pagination = page.getByRole('navigation', { name: /pagination/i });
  await expect(pagination).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await pagination.getByRole('link', { name: /next/i }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(() => cardTitles(page)).not.toEqual(first);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100);
  const second = await cardTitles(page);
  expect(second.filter((t) => first.includes(t))).toEqual([]);
});

test('changing the sort changes the heading and order and goes back to page 1', async ({ page }) => {
  await page.goto('/?page=2');
  await expect(page.locator('main article')).toHaveCount(12);
  const popular = page.waitForResponse((res) => res.url().includes('/api/designs/most-popular'));
  await page.getByRole('combobox').selectOption({ label: 'Sort: Most Popular' });
  await expect(page.getByRole('heading', { name: 'Most Popular Models' })).toBeVisible();
  await expect(page).not.toHaveURL(/page=2/);
  await popular;
  // The previous page's cards stay, dimmed, until the new order has arrived and is drawn.
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  const views = await page.locator('main article').evaluateAll((cards) =>
    cards.map((card) => {
      const label =
        card.querySelector('li[title$=" views"], li[title$=" view"]')?.getAttribute('title') ?? '';
      return Number(label.replace(/[^0-9]/g, ''));
    }),
  );
  expect(views.length).toBe(12);
  expect(views).toEqual([...views].sort((a, b) => b - a));

  await page.getByRole('combobox').selectOption({ label: 'Sort: Most Downloads' });
  await expect(page.getByRole('heading', { name: 'Most Downloaded Models' })).toBeVisible();
});

test('a card shows its image, creator, counts and links to the design page', async ({ page }) => {
  await page.goto('/');
  const card = page.locator('main article').first();
  // A photo's card picture, or a model's rendered preview (the newest design may have no photo).
  await expect(card.locator('img').first()).toHaveAttribute(
    'src',
    /\/uploads\/images\/.+-(preview)?card\.webp$/,
  );
  const link = card.getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^\/design\/[A-Za-z0-9]+\/[a-z0-9-]+$/);
});
