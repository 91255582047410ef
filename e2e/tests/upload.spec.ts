import type { Page } from '@playwright/test';
import { uniqueUsername } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { collectDialogs } from '../fixtures/dialogs.ts';
import { makePng } from '../fixtures/images.ts';
import { boxStl } from '../fixtures/stl.ts';

const stepHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(name) });

async function nextStep(page: Page, name: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, name)).toBeVisible();
}

async function backStep(page: Page, name: string) {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(stepHeading(page, name)).toBeVisible();
}

/** Submits step 3 and waits for the alert it causes. */
async function submitExpectingAlert(page: Page, alerts: string[], message: string | RegExp) {
  const before = alerts.length;
  await page.getByRole('button', { name: 'Upload Design' }).click();
  await expect.poll(() => alerts.length).toBe(before + 1);
  expect(alerts.at(-1)).toMatch(message);
}

test('upload wizard: ordered alerts, STL and photo with a local 3D preview, paid design lands on its page', async ({
  page,
}) => {
  const alerts = collectDialogs(page);
  const username = uniqueUsername('up');
  const name = `Cable Box ${username}`;

  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Full name').fill('Upload Tester');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('teapot-lantern-9');
  await page.getByLabel('Confirm password', { exact: true }).fill('teapot-lantern-9');
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page).toHaveURL(/\/setup-profile$/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Upload Model' }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Upload 3D Model' })).toBeVisible();
  await expect(stepHeading(page, 'Basic Info')).toBeVisible();

  // Next asks nothing (step 1 has no required fields); the submit on step 3 checks, in the product's order.
  await nextStep(page, 'File Uploads');
  await nextStep(page, 'Monetization & Collection');
  await submitExpectingAlert(page, alerts, 'Model name is required.');

  await backStep(page, 'File Uploads');
  await backStep(page, 'Basic Info');
  await page.getByLabel('Model name').fill(name);
  await nextStep(page, 'File Uploads');
  await nextStep(page, 'Monetization & Collection');
  await submitExpectingAlert(page, alerts, 'Model description is required.');

  await backStep(page, 'File Uploads');
  await backStep(page, 'Basic Info');
  await expect(page.getByLabel('Model name')).toHaveValue(name);
  await page.getByLabel('Model description').fill('A box that hides the cable mess.');
  const category = page.getByLabel('Category');
  await expect(category.locator('option[disabled]')).toHaveText('Select a category');
  await category.selectOption('Tools');
  await page.getByLabel('Tags').fill('Desk, cables, desk');
  await page.getByLabel('Print settings').fill('0.2 mm layers, 15% infill');
  await page.getByLabel('Manufacturing instructions').fill('Print upright, no supports.');
  await page.getByLabel('Usages').fill('Under the desk.');
  await nextStep(page, 'File Uploads');
  await nextStep(page, 'Monetization & Collection');
  await submitExpectingAlert(page, alerts, 'No STL files to upload.');

  // Files: each picker keeps only its kinds; an empty selection alerts.
  await backStep(page, 'File Uploads');
  const stlInput = page.getByRole('region', { name: 'Model files' }).locator('input[type=file]');
  const photoInput = page.getByRole('region', { name: 'Photos' }).locator('input[type=file]');
  const before = alerts.length;
  await stlInput.setInputFiles([]);
  await expect.poll(() => alerts.slice(before)).toEqual(['No files selected']);

  const stl = boxStl(20, 30, 10, 6); // 432 triangles
  await stlInput.setInputFiles([
    { name: 'cable-box.stl', mimeType: 'model/stl', buffer: stl },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a model') },
  ]);
  await expect(
    page.getByText('Not added (only STL, 3MF or OBJ files are accepted): notes.txt'),
  ).toBeVisible();
  const models = page.getByRole('list', { name: 'Chosen model files' });
  await expect(models.getByRole('listitem')).toHaveCount(1);
  await expect(models).toContainText('cable-box.stl');
  await expect(models).toContainText('21 KB');

  // The local 3D preview draws the chosen file (no upload yet).
  const viewer = page.getByRole('region', { name: '3D viewer: cable-box.stl' });
  await expect(viewer.locator('canvas')).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByRole('button', { name: 'Reset view' })).toBeVisible();

  // A second model shows Previous/Next; removing it leaves the first.
  await stlInput.setInputFiles([{ name: 'spare.stl', mimeType: 'model/stl', buffer: boxStl(10, 10, 10, 2) }]);
  await expect(page.getByText('Model 1 of 2:')).toBeVisible();
  await page.getByRole('button', { name: 'Next model' }).click();
  await expect(page.getByText('Model 2 of 2:')).toBeVisible();
  await expect(page.getByRole('region', { name: '3D viewer: spare.stl' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous model' }).click();
  await expect(page.getByText('Model 1 of 2:')).toBeVisible();
  await page.getByRole('button', { name: 'Remove spare.stl' }).click();
  await expect(models.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Model 1 of 2:')).toHaveCount(0);

  await photoInput.setInputFiles([
    { name: 'printed.png', mimeType: 'image/png', buffer: await makePng('#e07a2f') },
    { name: 'model.stl', mimeType: 'model/stl', buffer: stl },
  ]);
  await expect(
    page.getByText(/Not added \(only PNG, JPG, JPEG, GIF or BMP files are accepted\): model\.stl/),
  ).toBeVisible();
  const photos = page.getByRole('list', { name: 'Chosen photos' });
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  await expect(photos.locator('img[src^="blob:"]')).toBeVisible();

  // Step 3: paid needs a price; the new collection's price must not be negative.
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Monetization & Collection')).toBeVisible();
  await page.getByLabel('Paid').check();
  await submitExpectingAlert(page, alerts, 'Price must be greater than 0 for paid designs.');
  await page.getByLabel('Price (USD)').fill('3');
  // Free clears the price; paid again starts empty.
  await page.getByLabel('Free').check();
  await expect(page.getByLabel('Price (USD)')).toHaveCount(0);
  await page.getByLabel('Paid').check();
  await expect(page.getByLabel('Price (USD)')).toHaveValue('');
  await page.getByLabel('Price (USD)').fill('4.99');

  await page.getByLabel('Create new collection').check();
  await page.getByLabel('Collection name').fill('Desk Set');
  await page.getByLabel('Collection price (USD, optional)').fill('-1');
  await submitExpectingAlert(
    page,
    alerts,
    'Collection price must be a positive number if you are selling this collection.',
  );
  // Unticking clears the new collection's fields.
  await page.getByLabel('Create new collection').uncheck();
  await page.getByLabel('Create new collection').check();
  await expect(page.getByLabel('Collection name')).toHaveValue('');
  await expect(page.getByLabel('Collection price (USD, optional)')).toHaveValue('');
  await page.getByLabel('Create new collection').uncheck();

  // Back and Next keep everything.
  await backStep(page, 'File Uploads');
  await expect(models).toContainText('cable-box.stl');
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  await backStep(page, 'Basic Info');
  await expect(page.getByLabel('Model description')).toHaveValue('A box that hides the cable mess.');
  await expect(page.getByLabel('Category')).toHaveValue('Tools');
  await nextStep(page, 'File Uploads');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByLabel('Paid')).toBeChecked();
  await expect(page.getByLabel('Price (USD)')).toHaveValue('4.99');

  // Hold the request until the waiting state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/designs/upload', async (route) => {
    await held;
    await route.continue();
  });
  const alertsBeforeUpload = alerts.length;
  await page.getByRole('button', { name: 'Upload Design' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByText(/^\d+%$/)).toBeVisible();
  await expect(page.getByLabel('Price (USD)')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(new RegExp(`/design/${username}/cable-box-${username.toLowerCase()}$`), {
    timeout: 30_000,
  });
  expect(alerts.length).toBe(alertsBeforeUpload);
  const slug = new URL(page.url()).pathname.split('/').at(-1);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const res = await page.request.get(`/api/designs/${username}/${slug}`);
  expect(res.ok()).toBe(true);
  const design = await res.json();
  expect(design).toMatchObject({
    name,
    description: 'A box that hides the cable mess.',
    category: 'Tools',
    tags: ['desk', 'cables'],
    settings: '0.2 mm layers, 15% infill',
    manufacturingInstructions: 'Print upright, no supports.',
    usages: 'Under the desk.',
    isPaid: true,
    price: 4.99,
    collectionId: null,
    user: { username },
  });
  const stlFiles = design.files.filter((f: { type: string }) => f.type === 'stl');
  const images = design.files.filter((f: { type: string }) => f.type === 'image');
  expect(stlFiles).toHaveLength(1);
  expect(stlFiles[0]).toMatchObject({ name: 'cable-box.stl', analysis: { triangles: 432 } });
  expect(stlFiles[0].analysis.sizeMm.map((n: number) => Math.round(n))).toEqual([20, 30, 10]);
  expect(stlFiles[0].analysis.volumeCm3).toBeCloseTo(6, 1);
  expect(images).toHaveLength(1);

  // It is the newest design on the home page.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Newest Models' })).toBeVisible();
  await expect(page.locator('main article').first()).toContainText(name);
});

test('a refused upload alerts the server message and keeps the whole form', async ({ page, request }) => {
  const alerts = collectDialogs(page);
  const username = uniqueUsername('bad');
  const registered = await request.post('/api/auth/register', {
    data: { username, name: 'Bad Upload', email: `${username}@example.com`, password: 'teapot-lantern-9' },
  });
  const { token } = await registered.json();
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  await page.goto('/upload');

  await page.getByLabel('Model name').fill('Not Really A Photo');
  await page.getByLabel('Model description').fill('A model with text wearing a photo name.');
  await nextStep(page, 'File Uploads');
  // The wizard reads models itself, not photos: this one only the server turns away.
  await page
    .getByRole('region', { name: 'Model files' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'box.stl', mimeType: 'model/stl', buffer: boxStl(10, 10, 10) });
  await page
    .getByRole('region', { name: 'Photos' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Monetization & Collection')).toBeVisible();

  const refused = page.waitForResponse('**/api/designs/upload');
  await page.getByRole('button', { name: 'Upload Design' }).click();
  const answer = await refused;
  expect(answer.status()).toBeGreaterThanOrEqual(400);
  const { message } = await answer.json();
  await expect.poll(() => alerts).toEqual([`Upload failed: ${message}`]);
  expect(message).toBeTruthy();

  // Enabled again, nothing lost.
  const submit = page.getByRole('button', { name: 'Upload Design' });
  await expect(submit).toBeEnabled();
  await expect(page).toHaveURL(/\/upload$/);
  await backStep(page, 'File Uploads');
  await expect(page.getByRole('list', { name: 'Chosen model files' })).toContainText('box.stl');
  await expect(page.getByRole('list', { name: 'Chosen photos' })).toContainText('fake.png');
  await backStep(page, 'Basic Info');
  await expect(page.getByLabel('Model name')).toHaveValue('Not Really A Photo');
  await expect(page.getByLabel('Model description')).toHaveValue('A model with text wearing a photo name.');
});

test('a design joins an existing collection in the wizard and leaves it on the edit page', async ({
  page,
  request,
}) => {
  const alerts = collectDialogs(page);
  const username = uniqueUsername('coll');
  const registered = await request.post('/api/auth/register', {
    data: { username, name: 'Collector', email: `${username}@example.com`, password: 'teapot-lantern-9' },
  });
  const { token } = await registered.json();
  // A first design creates the collection.
  const first = await request.post('/api/designs/upload', {
    headers: { 'x-auth-token': token },
    multipart: {
      designName: 'First Box',
      description: 'Opens the collection.',
      isPaid: 'false',
      createNewCollection: 'true',
      newCollectionName: 'Desk Boxes',
      files: { name: 'first.stl', mimeType: 'model/stl', buffer: boxStl(10, 10, 10, 1) },
    },
  });
  expect(first.status()).toBe(201);

  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('authToken', t), token);
  await page.goto('/upload');
  await page.getByLabel('Model name').fill('Second Box');
  await page.getByLabel('Model description').fill('Joins the collection.');
  await nextStep(page, 'File Uploads');
  await page
    .getByRole('region', { name: 'Model files' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'second.stl', mimeType: 'model/stl', buffer: boxStl(20, 10, 5, 1) });
  await nextStep(page, 'Monetization & Collection');
  const existing = page.getByLabel('Existing collection');
  await existing.selectOption({ label: 'Desk Boxes' });
  // Ticking "create new" clears the existing choice; unticking keeps it cleared.
  await page.getByLabel('Create new collection').check();
  await expect(existing).toBeDisabled();
  await expect(existing).toHaveValue('');
  await page.getByLabel('Create new collection').uncheck();
  await existing.selectOption({ label: 'Desk Boxes' });
  await page.getByRole('button', { name: 'Upload Design' }).click();
  await expect(page).toHaveURL(new RegExp(`/design/${username}/second-box$`));
  const panel = page.getByRole('region', { name: 'Collection' });
  await expect(panel).toContainText('Desk Boxes');

  await page.getByRole('link', { name: 'Edit Design' }).click();
  const select = page.getByRole('combobox', { name: 'Collection' });
  await expect(select).toHaveValue(/.+/);
  await select.selectOption({ label: 'No collection' });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => alerts).toContain('Design updated successfully!');
  await expect(page).toHaveURL(new RegExp(`/design/${username}/second-box$`));
  await expect(page.getByRole('region', { name: 'Collection' })).toHaveCount(0);
});
