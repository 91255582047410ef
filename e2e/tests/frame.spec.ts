import { expect, test } from '../fixtures/app-test.ts';

test('footer shows the year and its links; legal pages carry the product’s facts', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  for (const name of ['Privacy Policy', 'Terms of Service', 'Copyright', 'Contact Us', 'Report a Bug']) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/termsofservice$/);
  await expect(page.getByText('Last updated April 24, 2025')).toBeVisible();
  const terms = (await page.locator('main').textContent()) ?? '';
  for (const fact of [
    '15',
    '2',
    'US dollars',
    'final',
    '13',
    'California',
    '30 days',
    '1 year',
    '6 months',
  ]) {
    expect(terms).toContain(fact);
  }
  for (const path of ['/privacyPolicy', '/privacypolicy']) {
    await page.goto(path);
    await expect(page.getByText('Last updated April 24, 2025')).toBeVisible();
    await expect(page.locator('main')).toContainText('18');
  }
});

test('the search form submits only non-empty text', async ({ page }) => {
  await page.goto('/');
  const search = page.getByPlaceholder('Search designs...');
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await search.fill('gear');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=gear$/);
});

test('an unknown address shows a real not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
});
