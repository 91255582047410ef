import type { Page } from '@playwright/test';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';

/** A seeded demo creator (apps/api/src/seed/catalog.ts). */
const CREATOR = 'LayerLab';

/** Registers a fresh person through the API and signs the browser in with their token. */
async function signInAsNewPerson(page: Page, prefix: string) {
  const { username, token } = await register(page.request, prefix, 'Profile Tester');
  await useToken(page, token);
  await page.goto('/dashboard');
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
  return { username, token };
}

const followers = async (page: Page) =>
  Number((await page.getByTestId('followers-count').innerText()).replace(/[^0-9]/g, ''));

test('follow a creator from their profile, see the follower count change, then unfollow', async ({
  page,
}) => {
  // A visitor is sent to sign in.
  await page.goto(`/profile/${CREATOR}`);
  await expect(page.getByRole('heading', { level: 1, name: CREATOR })).toBeVisible();
  await page.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signInAsNewPerson(page, 'fan');
  // Other capitals reach the same person, under the address with their own spelling.
  await page.goto(`/profile/${CREATOR.toLowerCase()}`);
  await expect(page).toHaveURL(new RegExp(`/profile/${CREATOR}$`));
  const follow = page.getByRole('button', { name: 'Follow', exact: true });
  await expect(follow).toBeEnabled();
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  const before = await followers(page);

  await follow.click();
  const following = page.getByRole('button', { name: 'Following', exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('followers-count')).toHaveText(String(before + 1));

  // The server kept it.
  await page.reload();
  await expect(following).toBeVisible();
  await expect(page.getByTestId('followers-count')).toHaveText(String(before + 1));

  await following.click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByTestId('followers-count')).toHaveText(String(before));
});

test('profile tabs work from the keyboard and the designs sort really sorts', async ({ page }) => {
  await page.goto(`/profile/${CREATOR}`);
  const tabs = page.getByRole('tablist');
  const designsTab = tabs.getByRole('tab', { name: 'Designs' });
  await expect(designsTab).toHaveAttribute('aria-selected', 'true');
  const cards = page.getByRole('list', { name: `Designs by ${CREATOR}` }).getByRole('article');
  await expect(cards.first()).toBeVisible();

  const sort = page.getByLabel('Sort designs');
  await expect(sort.locator('option')).toHaveText(['Newest', 'Most Popular', 'Most Liked']);
  await sort.selectOption('most-liked');
  await expect(page).toHaveURL(/sort=most-liked/);
  const liked = await page.request.get(`/api/designs/username/${CREATOR}?sort=most-liked`);
  const expectedNames = ((await liked.json()) as { name: string }[]).map((design) => design.name);
  await expect(cards.getByRole('heading')).toHaveText(expectedNames);

  await designsTab.focus();
  await page.keyboard.press('ArrowRight');
  const likesTab = tabs.getByRole('tab', { name: 'Likes' });
  await expect(likesTab).toBeFocused();
  await expect(likesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Likes' })).toBeVisible();

  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');
  const about = page.getByRole('tabpanel', { name: 'About' });
  await expect(about.getByRole('link', { name: 'https://instagram.com/layerlab' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  await expect(about.getByText('Portland, OR')).toBeVisible();
});

test('an old username leads to the person’s new address; the owner sees a link to the dashboard', async ({
  page,
}) => {
  const { username, token } = await signInAsNewPerson(page, 'mover');
  const renamed = `${username}x`;
  const res = await page.request.put('/api/user/update-profile', {
    headers: { 'x-auth-token': token },
    multipart: { username: renamed },
  });
  expect(res.status()).toBe(200);

  await page.goto(`/profile/${username}?tab=about`);
  await expect(page).toHaveURL(new RegExp(`/profile/${renamed}\\?tab=about$`));
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/profile/nobodyhasthisname123');
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
});
