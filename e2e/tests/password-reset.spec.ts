import { register } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { mailTo } from '../fixtures/outbox.ts';

test('forgot password: the mailed link sets a new password once, and the old one no longer signs in', async ({
  page,
  request,
}) => {
  const { email, username } = await register(request, 'forgets');

  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address typed on the sign-in screen came along.
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses that address');

  // The server has no SMTP server here: the message is an .eml file in its outbox.
  const mail = await mailTo(email, 'Choose a new PrintMarket password');
  expect(mail.text).toContain(`Hello ${username},`);
  const link = /https?:\/\/[^\s]+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  const path = new URL(link ?? '').pathname + new URL(link ?? '').search;

  await page.goto(path);
  // The token leaves the address at once (history, a shared screen).
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('harbour-lantern-77');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('harbour-lantern-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password has been changed. Sign in with your new password.'),
  ).toBeVisible();

  // The same link a second time: refused, with a way to ask for a new one.
  await page.goto(path);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('harbour-lantern-78');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('harbour-lantern-78');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('This reset link is invalid, used or expired. Ask for a new one.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );

  expect(
    (await request.post('/api/auth/login', { data: { email, password: 'teapot-lantern-9' } })).status(),
  ).toBe(401);
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('harbour-lantern-77');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
