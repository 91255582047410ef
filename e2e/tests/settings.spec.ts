import type { Page } from '@playwright/test';
import { register } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
}

test('change the password in Settings: other sessions end, this one stays, the new password signs in', async ({
  page,
}) => {
  // The registration's token is a session of its own ("another device").
  const { username, email, token: otherDeviceToken } = await register(page.request, 'pw', 'Settings Tester');
  await page.goto('/signin');
  await signIn(page, email, 'teapot-lantern-9');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const profileTab = page.getByRole('tab', { name: 'Profile' });
  await expect(profileTab).toHaveAttribute('aria-selected', 'true');

  // The tabs follow the arrow keys: Profile -> Preferences -> Security.
  await profileTab.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const securityTab = page.getByRole('tab', { name: 'Security' });
  await expect(securityTab).toHaveAttribute('aria-selected', 'true');
  await expect(securityTab).toBeFocused();
  await expect(page).toHaveURL(/\/settings\?tab=security$/);

  const current = page.getByLabel('Current password', { exact: true });
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  const submit = page.getByRole('button', { name: 'Change Password' });

  await current.fill('wrong-password');
  await next.fill('brand-new-1');
  await confirm.fill('brand-new-2');
  await submit.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await confirm.fill('brand-new-1');
  await submit.click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

  // A common password is refused on the field; the meter said so while it was typed.
  await current.fill('teapot-lantern-9');
  await next.fill('qwerty123');
  await expect(page.getByText('Password strength: Very weak.')).toBeVisible();
  await confirm.fill('qwerty123');
  await submit.click();
  await expect(
    page.getByText('This password is too easy to guess. Try a longer one, or a few unrelated words.'),
  ).toBeVisible();
  await next.fill('brand-new-1');
  await expect(page.getByText('Password strength: Very strong.')).toBeVisible();
  await confirm.fill('brand-new-1');
  await submit.click();
  await expect(
    page.getByText(/^Your password has been changed\. Your 1 other session was signed out/),
  ).toBeVisible();
  await expect(current).toHaveValue('');

  // The session of the other device has ended; this browser is still signed in.
  const other = await page.request.get('/api/auth/user', { headers: { 'x-auth-token': otherDeviceToken } });
  expect(other.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, 'teapot-lantern-9');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('brand-new-1');
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
});

test('saved preferences sort the home page and open design pages in 3D', async ({ page }) => {
  const { email } = await register(page.request, 'prefs', 'Settings Tester');
  await page.goto('/signin');
  await signIn(page, email, 'teapot-lantern-9');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings?tab=preferences');
  await page.getByLabel('Default sort of the home page').selectOption({ label: 'Most Popular' });
  await page.getByLabel('Open the 3D view automatically on design pages').check();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Preferences saved.')).toBeVisible();

  // The plain home address uses the saved order; choosing another names it in the address.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Most Popular Models' })).toBeVisible();
  await page.getByLabel('Sort designs').selectOption('newest');
  await expect(page).toHaveURL(/\/\?sort=newest$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Newest Models' })).toBeVisible();

  // A free design's page starts in 3D without pressing "Show in 3D".
  const res = await page.request.get('/api/designs/newest?limit=48');
  const { designs } = (await res.json()) as {
    designs: { slug: string; isPaid: boolean; user: { username: string } }[];
  };
  const free = designs.find((design) => !design.isPaid);
  if (!free) throw new Error('the demo content has no free design');
  await page.goto(`/design/${free.user.username}/${free.slug}`);
  await expect(page.getByRole('button', { name: 'Show as Image' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^3D viewer/ })).toBeVisible();

  // Still saved after a reload (it lives on the server).
  await page.goto('/settings?tab=preferences');
  await expect(page.getByLabel('Default sort of the home page')).toHaveValue('most-popular');
  await expect(page.getByLabel('Open the 3D view automatically on design pages')).toBeChecked();
});
