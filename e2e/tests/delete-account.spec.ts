import type { Page } from '@playwright/test';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { connectSeller, uploadPaidDesign } from '../fixtures/sandbox.ts';

/** The password `register` gives everyone. */
const PASSWORD = 'teapot-lantern-9';
const PHONE = { width: 375, height: 812 };

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
}

test('Settings: a wrong password deletes nothing; the right one deletes the account, signs out and leads home', async ({
  page,
}) => {
  // The registration's token is a session of its own ("another device").
  const {
    username,
    email,
    token: otherDeviceToken,
  } = await register(page.request, 'leaver', 'Leaving Member');
  await page.goto('/signin');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/settings?tab=security');
  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section).toContainText('Your username stays reserved, so nobody else can take it.');
  const opener = section.getByRole('button', { name: 'Delete my account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is incorrect.')).toBeVisible();
  await expect(password).toBeFocused();

  // Escape closes the dialog and gives the focus back; the session still works after a reload.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await page.reload();
  await expect(page).toHaveURL(/\/settings\?tab=security$/);
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();

  // On a phone, by keyboard.
  await page.setViewportSize(PHONE);
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  await password.fill(PASSWORD);
  const cancel = dialog.getByRole('button', { name: 'Cancel' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(cancel).toBeInViewport();
  await expect(confirm).toBeInViewport();
  await confirm.click();

  await expect(page).toHaveURL('/');
  const notice = page.getByRole('status').filter({ hasText: 'Your account has been deleted.' });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  // Signed out everywhere: the other device's session ended too.
  const other = await page.request.get('/api/auth/user', { headers: { 'x-auth-token': otherDeviceToken } });
  expect(other.status()).toBe(401);

  await page.goto('/signin');
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await page.goto(`/profile/${username}`);
  await expect(page.getByRole('heading', { name: 'User not found' })).toBeVisible();
});

test('a buyer keeps a design they paid for after its seller deleted their account', async ({ page }) => {
  test.setTimeout(120_000);
  const seller = await register(page.request, 'goneseller', 'Leaving Seller');
  await connectSeller(page.request, seller);
  const design = await uploadPaidDesign(page.request, seller, 'Orphan Gear');
  const designPath = `/design/${seller.username}/${design.slug}`;

  // The buyer pays in the sandbox's checkout.
  const buyer = await register(page.request, 'keeper', 'Keeping Buyer');
  const asBuyer = { 'x-auth-token': buyer.token };
  const checkout = await page.request.post('/api/payments/checkout/create-checkout-session', {
    headers: asBuyer,
    data: { designId: design.id },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  expect(
    (
      await page.request.post(`/api/payments/sandbox/checkout/${sessionId}/pay`, { headers: asBuyer })
    ).status(),
  ).toBe(200);

  // The seller deletes their account (the screens are shown in the test above).
  const deleted = await page.request.delete('/api/user/account', {
    headers: { 'x-auth-token': seller.token },
    data: { password: PASSWORD },
  });
  expect(deleted.status(), await deleted.text()).toBe(200);

  // Nobody else sees the design any more.
  await useToken(page, null);
  await page.goto(designPath);
  await expect(page.getByRole('heading', { name: 'Design not found' })).toBeVisible();

  // The buyer still finds it in My Purchased Files, and downloads it.
  await useToken(page, buyer.token);
  await page.goto('/MyPurchases');
  await expect(page.getByRole('heading', { name: 'My Purchased Files' })).toBeVisible();
  const designs = page.getByRole('table', { name: 'Design Purchases' });
  await expect(designs).toContainText('Orphan Gear');
  await designs.getByRole('link', { name: 'Orphan Gear' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download All Files' }).click();
  expect((await downloading).suggestedFilename()).toBe('Orphan_Gear.zip');
});
