import type { Page } from '@playwright/test';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { uploadPaidDesign } from '../fixtures/sandbox.ts';
import { boxStl } from '../fixtures/stl.ts';

/** Form messages that follow what is on screen: the wizard's step 2 and the Edit Design price. */

const stlInput = (page: Page) => page.locator('input[type=file][aria-label="Model files"]');

test('upload wizard: a chosen file that is not a model holds Next disabled on step 2, saying why', async ({
  page,
}) => {
  const maker = await register(page.request, 'wizard', 'Wizard Maker');
  await useToken(page, maker.token);
  await page.goto('/upload');
  await page.getByLabel('Model name').fill('Checked Box');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /File Uploads/ })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next', exact: true });

  // A text file renamed to .stl.
  await stlInput(page).setInputFiles({
    name: 'notes.stl',
    mimeType: 'model/stl',
    buffer: Buffer.from('Shopping list: filament, glue, a new nozzle.\n'),
  });
  await expect(next).toBeDisabled();
  await expect(next).toHaveAccessibleDescription(
    'notes.stl is not a 3D model: This file is not an STL file (neither binary nor ASCII STL). Remove it to go on.',
  );
  await expect(
    page.getByText(
      'notes.stl is not a 3D model: This file is not an STL file (neither binary nor ASCII STL).',
    ),
  ).toBeVisible();

  // A binary STL cut inside its first triangle, beside a good one: both listed, Next still held.
  // (One cut after whole triangles is read as slicers read it, up to its last whole triangle.)
  const box = boxStl(20, 20, 20);
  await stlInput(page).setInputFiles([
    { name: 'cut.stl', mimeType: 'model/stl', buffer: box.subarray(0, 84 + 30) },
    { name: 'box.stl', mimeType: 'model/stl', buffer: box },
  ]);
  await expect(
    page.getByText(/^2 files are not 3D models: notes\.stl .*, cut\.stl \(This STL file is truncated/),
  ).toBeVisible();
  await expect(next).toBeDisabled();

  await page.getByRole('button', { name: 'Remove notes.stl' }).click();
  await expect(page.getByText('cut.stl is not a 3D model:', { exact: false })).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByRole('button', { name: 'Remove cut.stl' }).click();
  await expect(next).toBeEnabled();
  await expect(page.getByText(/is not a 3D model/)).toHaveCount(0);
  await next.click();
  await expect(page.getByRole('heading', { level: 2, name: /Monetization & Collection/ })).toBeVisible();
});

test("Edit Design: 'Invalid price.' goes as soon as the price is valid, and comes back when it is not", async ({
  page,
}) => {
  const owner = await register(page.request, 'editor', 'Price Editor');
  const design = await uploadPaidDesign(page.request, owner, 'Priced Bracket');
  await useToken(page, owner.token);
  await page.goto(`/edit-design/${design.id}`);
  const price = page.getByLabel('Price (USD)');
  await expect(price).toHaveValue('3.50');
  const message = page.getByText('Invalid price.');

  await price.fill('0');
  await expect(message).toHaveCount(0); // not before the first Save
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message).toBeVisible();
  await expect(price).toBeFocused();

  await price.fill('4.25');
  await expect(message).toHaveCount(0);
  await price.fill('');
  await expect(message).toBeVisible();
  // A free design has no price to check.
  await page.getByLabel('Paid').uncheck();
  await expect(message).toHaveCount(0);
});
