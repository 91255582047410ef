import { readFile } from 'node:fs/promises';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { mailTo } from '../fixtures/outbox.ts';

/** The path and query of the confirmation link in a mail's text. */
function confirmationPath(text: string | undefined): string {
  const link = /https?:\/\/[^\s]+\/verify-email\?token=[\w-]+/.exec(text ?? '')?.[0];
  expect(link, text).toBeTruthy();
  const url = new URL(link ?? '');
  return url.pathname + url.search;
}

test('a new member confirms their address from the mail; the dashboard stops asking', async ({
  page,
  request,
}) => {
  const { email, token } = await register(request, 'confirms');
  await useToken(page, token);
  await page.goto('/dashboard');
  const banner = page.getByText(`Confirm your email address: we sent a link to ${email}.`);
  await expect(banner).toBeVisible();

  const mail = await mailTo(email, 'Confirm your email address for PrintMarket');
  await page.goto(confirmationPath(mail.text));
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('Settings: the email address changes once the new one is confirmed; Your data downloads a JSON file', async ({
  page,
  request,
}) => {
  const { email, token, username } = await register(request, 'moves');
  const newEmail = `${username}-new@example.com`;
  await useToken(page, token);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText(`Current address: ${email}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'New email address' }).fill(newEmail);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('teapot-lantern-9');
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('status')).toContainText(`We have sent a confirmation link to ${newEmail}.`);

  const notice = await mailTo(email, 'Your PrintMarket email address is about to change');
  expect(notice.text).toContain(newEmail);
  const confirm = await mailTo(newEmail, 'Confirm your new email address for PrintMarket');
  await page.goto(confirmationPath(confirm.text));
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText(`Current address: ${newEmail}`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^printmarket-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await readFile((await file.path()) ?? '', 'utf8'));
  expect(data.profile).toMatchObject({ username, email: newEmail });
});
