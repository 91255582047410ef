import { register, uniqueUsername, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { makePng } from '../fixtures/images.ts';

test('sign up with a corrected mistake, set up the profile, log out and sign in again', async ({ page }) => {
  const username = uniqueUsername();
  const email = `${username}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);

  // Characters other than letters and digits are refused while typing, with the product's message.
  await page.getByLabel('Username').pressSequentially(`${username}_!`);
  await expect(page.getByLabel('Username')).toHaveValue(username);
  await expect(page.getByText('Username can only contain letters and numbers.')).toBeVisible();

  await page.getByLabel('Full name').fill('Mia Maker');
  await page.getByLabel('Email').fill(email);

  // The strength meter follows the typing; a common password is refused before anything is sent.
  const password = page.getByLabel('Password', { exact: true });
  const meter = page.getByRole('meter', { name: 'Password strength' });
  await password.pressSequentially('password1');
  await expect(
    page.getByText('Password strength: Very weak. This is a commonly used password.'),
  ).toBeVisible();
  await expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
  await page.getByLabel('Confirm password', { exact: true }).fill('password1');
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(
    page.getByText('This password is too easy to guess. Try a longer one, or a few unrelated words.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await password.fill('');
  await password.pressSequentially('teapot-lantern-9');
  await expect(page.getByText('Password strength: Very strong.')).toBeVisible();
  await expect(meter).toHaveAttribute('aria-valuetext', 'Very strong');
  await expect(meter).toHaveAttribute('value', '4');

  await page.getByLabel('Confirm password', { exact: true }).fill('teapot-lantern-8');
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('Confirm password', { exact: true }).fill('teapot-lantern-9');
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page).toHaveURL(/\/setup-profile$/);

  // Bio is required; a picture is optional and previewed before saving.
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Bio is required.')).toBeVisible();
  await page.getByLabel('Bio').fill('I print terrain for tabletop games.');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await makePng() });
  await expect(page.locator('img[src^="blob:"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
  await expect(page.getByText('I print terrain for tabletop games.')).toBeVisible();
  const avatar = page.getByTitle('Go to Dashboard').locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+\.webp$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText(`Hello, ${username}`)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('teapot-lantern-9');
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
});

test('a session token in the address signs nobody in; a Google code that is not this browser’s neither', async ({
  page,
  request,
}) => {
  const { username, token } = await register(request, 'tok', 'Token Person');

  // The older `?token=` and fragment forms (docs/product.md#google-sign-in): removed from the
  // address, never used.
  for (const address of [
    `/?token=${encodeURIComponent(token)}`,
    `/setup-profile?token=${encodeURIComponent(token)}`,
    `/oauth-callback#token=${encodeURIComponent(token)}`,
  ]) {
    await page.goto(address);
    await expect(page).not.toHaveURL(/token/);
    await expect(page.getByText(`Hello, ${username}`)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  }

  // A Google sign-in code this browser was not given (a forged or stale link) is refused by the
  // server, and the person is told on the sign-in screen.
  await page.goto('/oauth-callback#code=not-a-code-this-browser-was-given');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Failed to sign in with Google')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // Someone already signed in who opens such a link stays signed in as themselves.
  await useToken(page, token);
  await page.goto('/oauth-callback#code=not-a-code-this-browser-was-given');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Hello, ${username}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(token);
});

test('guarded routes send a signed-out visitor to /signin; /login goes there too', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/signin$/);
});
