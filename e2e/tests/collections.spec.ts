import type { APIRequestContext } from '@playwright/test';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { collectDialogs } from '../fixtures/dialogs.ts';
import { makePng } from '../fixtures/images.ts';
import { connectSeller } from '../fixtures/sandbox.ts';
import { boxStl } from '../fixtures/stl.ts';
import { zipEntries } from '../fixtures/zip.ts';

const DELETE_CONFIRM = 'Are you sure you want to delete this collection? This action cannot be undone.';

/**
 * Uploads a free design with one STL model and one photo through the API, as the upload wizard
 * would. `extra` adds payload fields (e.g. a new collection).
 */
async function uploadDesign(
  request: APIRequestContext,
  token: string,
  design: { name: string; file: string; colour: string; extra?: Record<string, string> },
): Promise<{ id: string; slug: string }> {
  const form = new FormData();
  form.append('designName', design.name);
  form.append('description', `${design.name} for the collections test.`);
  form.append('isPaid', 'false');
  form.append('uploadId', String(Date.now()));
  for (const [key, value] of Object.entries(design.extra ?? {})) form.append(key, value);
  // STL files first, then photos (docs/product.md#uploads).
  form.append(
    'files',
    new File([new Uint8Array(boxStl(20, 10, 5))], `${design.file}.stl`, { type: 'model/stl' }),
  );
  form.append(
    'files',
    new File([new Uint8Array(await makePng(design.colour, 320, 240))], `${design.file}.png`, {
      type: 'image/png',
    }),
  );
  const res = await request.post('/api/designs/upload', {
    headers: { 'x-auth-token': token },
    multipart: form,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { design: { id: string; slug: string } }).design;
}

test('a creator makes a collection, edits its pricing, adds and removes a design; another person downloads it; the creator deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The first delete confirmation is cancelled, the second accepted.
  const dialogs = collectDialogs(page, [false, true]);
  const creator = await register(page.request, 'curator', 'Collection Tester');
  const bracket = await uploadDesign(page.request, creator.token, {
    name: 'Shelf Bracket',
    file: 'bracket',
    colour: '#d24b7a',
  });
  await uploadDesign(page.request, creator.token, { name: 'Cable Clip', file: 'clip', colour: '#2f6fde' });
  await uploadDesign(page.request, creator.token, { name: 'Reading Lamp', file: 'lamp', colour: '#e07a2f' });
  // Already in a (paid) collection of its own: it cannot join another.
  await uploadDesign(page.request, creator.token, {
    name: 'Desk Hook',
    file: 'hook',
    colour: '#3a9d5d',
    extra: { createNewCollection: 'true', newCollectionName: 'Older Set', newCollectionPrice: '7' },
  });

  await useToken(page, creator.token);
  await page.goto('/create-collection');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Collection' })).toBeVisible();
  const form = page.locator('main form');
  const submit = page.getByRole('button', { name: 'Create Collection' });

  // Nothing filled in: the product's messages, in its order (the price only for a paid model).
  await page.getByRole('radio', { name: /^One-time/ }).check();
  await submit.click();
  await expect(form).toContainText(
    /Collection name is required\.[\s\S]*A cover image is required\.[\s\S]*Please select at least one design for this collection\.[\s\S]*Please enter a valid one-time price\./,
  );
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill('Desk Organisers');
  await page.getByLabel('Description').fill('Everything that keeps a desk tidy.');
  await expect(form).not.toContainText('Collection name is required.');

  // The cover takes images only, and shows a preview before anything is uploaded.
  const coverInput = page.locator('input[type="file"]');
  await coverInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('text') });
  await expect(page.getByText('Please choose a PNG, JPEG, GIF or BMP image for the cover.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of the chosen cover' })).toHaveCount(0);
  await coverInput.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await makePng('#6b5bd2'),
  });
  await expect(page.getByRole('img', { name: 'Preview of the chosen cover' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
  await expect(form).not.toContainText('A cover image is required.');

  // The picker: a design of another collection is marked and cannot be picked.
  const picker = page.getByRole('list', { name: 'Your designs' });
  const hook = picker.getByRole('checkbox', { name: /Desk Hook/ });
  await expect(hook).toBeDisabled();
  await expect(picker.getByRole('listitem').filter({ hasText: 'Desk Hook' })).toContainText(
    'Already in another collection',
  );
  await picker.getByRole('checkbox', { name: /Shelf Bracket/ }).check();
  await picker.getByRole('checkbox', { name: /Cable Clip/ }).check();
  await expect(page.getByText('2 designs selected.')).toBeVisible();

  // Pricing rules: a paid model shows its price and the individual-purchase toggle; Free clears them.
  await page.getByLabel('One-time price (USD)').fill('12');
  await page.getByRole('checkbox', { name: /Allow individual purchase/ }).check();
  await page.getByRole('radio', { name: /^Free/ }).check();
  await expect(page.getByLabel('One-time price (USD)')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /Allow individual purchase/ })).toHaveCount(0);
  await page.getByRole('radio', { name: /^One-time/ }).check();
  await expect(page.getByLabel('One-time price (USD)')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: /Allow individual purchase/ })).not.toBeChecked();
  await page.getByRole('radio', { name: /^Free/ }).check();
  await expect(form).not.toContainText('Please enter a valid one-time price.');

  // A refused create shows the server's message and loses nothing.
  await page.route('**/api/collections/create', (route) =>
    route.fulfill({
      status: 409,
      json: { message: 'Already in another collection', code: 'IN_ANOTHER_COLLECTION' },
    }),
  );
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Already in another collection' })).toBeVisible();
  await expect(page).toHaveURL(/\/create-collection$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Desk Organisers');
  await expect(picker.getByRole('checkbox', { name: /Shelf Bracket/ })).toBeChecked();
  await expect(page.getByRole('img', { name: 'Preview of the chosen cover' })).toBeVisible();
  await page.unroute('**/api/collections/create');

  // Held until the waiting state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/collections/create', async (route) => {
    await held;
    await route.continue();
  });
  await submit.click();
  await expect(page.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/collection\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const collectionUrl = new URL(page.url()).pathname;
  const collectionId = collectionUrl.split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Desk Organisers' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Collection created successfully.' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover of Desk Organisers' })).toHaveAttribute(
    'src',
    /\/uploads\/images\/.+-cover\.webp$/,
  );
  await expect(page.getByText('Everything that keeps a desk tidy.')).toBeVisible();
  // The owner link beside the title (the cards below link to the same person too).
  const details = page.getByRole('heading', { level: 1 }).locator('..');
  await expect(details.getByRole('link', { name: creator.username, exact: true })).toHaveAttribute(
    'href',
    `/profile/${creator.username}`,
  );
  // Cards hold lists of their own (their counters): only the grid's own items count.
  const grid = page.getByRole('list', { name: 'Designs in this collection' });
  await expect(grid.locator(':scope > li')).toHaveCount(2);
  await expect(page.getByText('2 designs', { exact: true })).toBeVisible();

  // Edit Collection: a modal with the pricing rules; focus goes in and comes back.
  const edit = page.getByRole('button', { name: 'Edit Collection' });
  await edit.click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Collection' });
  await expect(editDialog.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(editDialog.getByLabel('Name', { exact: true })).toHaveValue('Desk Organisers');
  await editDialog.getByRole('radio', { name: /^Subscription/ }).check();
  await expect(editDialog.getByRole('checkbox', { name: /Allow individual purchase/ })).toBeVisible();
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editDialog.getByText('Please enter a valid subscription price.')).toBeVisible();
  await editDialog.getByLabel('Monthly price (USD)').fill('4.5');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(page.getByText('$4.50 per month')).toBeVisible();
  const saved = await page.request.get(`/api/collections/${collectionId}`);
  expect(await saved.json()).toMatchObject({
    pricing: { free: false, subscription: true, subscriptionPrice: 4.5, oneTimePurchase: 0 },
  });

  // Escape closes without saving.
  await edit.click();
  await editDialog.getByRole('radio', { name: /^Free/ }).check();
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(page.getByText('$4.50 per month')).toBeVisible();

  // Back to free, so any signed-in person may download it.
  await edit.click();
  await editDialog.getByRole('radio', { name: /^Free/ }).check();
  await expect(editDialog.getByLabel('Monthly price (USD)')).toHaveCount(0);
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText('$4.50 per month')).toHaveCount(0);

  // A new cover replaces the old one.
  const coverImage = page.getByRole('img', { name: 'Cover of Desk Organisers' });
  const firstCover = (await coverImage.getAttribute('src')) ?? '';
  await page
    .getByLabel('New cover image')
    .setInputFiles({ name: 'cover-2.png', mimeType: 'image/png', buffer: await makePng('#1f8a70') });
  await expect(coverImage).not.toHaveAttribute('src', firstCover);
  await expect(coverImage).toHaveAttribute('src', /\/uploads\/images\/.+-cover\.webp$/);

  // Add Designs: a filter and a list of at most 400 px with the marks.
  await page.getByRole('button', { name: 'Add Designs' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add Designs' });
  await expect(addDialog.getByLabel('Filter designs')).toBeFocused();
  const choices = addDialog.getByRole('list', { name: 'Your designs' });
  await expect(choices).toHaveCSS('max-height', '400px');
  await expect(choices.getByRole('listitem').filter({ hasText: 'Shelf Bracket' })).toContainText(
    'Already Added',
  );
  await expect(choices.getByRole('listitem').filter({ hasText: 'Desk Hook' })).toContainText(
    'Already in Another Collection',
  );
  await addDialog.getByLabel('Filter designs').fill('lamp');
  await expect(choices.getByRole('listitem')).toHaveCount(1);
  await addDialog.getByRole('button', { name: 'Add Reading Lamp' }).click();
  await expect(choices.getByRole('listitem').filter({ hasText: 'Reading Lamp' })).toContainText(
    'Already Added',
  );
  await addDialog.getByRole('button', { name: 'Done' }).click();
  await expect(addDialog).toBeHidden();
  await expect(grid.locator(':scope > li')).toHaveCount(3);

  // Remove a design: it leaves the collection (and stays the creator's design).
  await page.getByRole('button', { name: 'Remove Cable Clip from the collection' }).click();
  await expect(grid.locator(':scope > li')).toHaveCount(2);
  await expect(grid).not.toContainText('Cable Clip');
  await expect(page.getByText('2 designs', { exact: true })).toBeVisible();

  // The design page points to the collection: a rotating preview, and no single-file downloads.
  await page.goto(`/design/${creator.username}/${bracket.slug}`);
  const panel = page.getByRole('region', { name: 'Collection' });
  await expect(panel.getByRole('link', { name: 'Desk Organisers' })).toHaveAttribute('href', collectionUrl);
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files).toContainText('(downloads available in collection)');
  await expect(files.getByRole('button', { name: /^Download/ })).toHaveCount(0);
  await expect(files.getByRole('link', { name: /Desk Organisers/ })).toHaveAttribute('href', collectionUrl);
  await panel.scrollIntoViewIfNeeded();
  const previews = panel.locator('a img');
  await expect(previews.first()).toBeVisible();
  const shownIndex = () =>
    previews.evaluateAll((images) => images.findIndex((image) => getComputedStyle(image).opacity === '1'));
  await expect.poll(shownIndex).toBe(0);
  await expect.poll(shownIndex, { timeout: 10_000 }).toBe(1);

  // A visitor is asked to sign in to download.
  await useToken(page, null);
  await page.goto(collectionUrl);
  await expect(page.getByRole('button', { name: 'Edit Collection' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Download Collection' }).click();
  await expect.poll(() => dialogs).toContain('Please sign in to download this collection.');
  await expect(page).toHaveURL(/\/signin$/);

  // Another signed-in person downloads the free collection: a folder per design.
  const maker = await register(page.request, 'maker', 'Collection Tester');
  await useToken(page, maker.token);
  await page.goto(collectionUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Desk Organisers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Collection' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Collection' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Desk_Organisers.zip');
  expect((await zipEntries(await download.path())).sort()).toEqual([
    'Reading Lamp/lamp.stl',
    'Reading Lamp/lamp.webp',
    'Shelf Bracket/bracket.stl',
    'Shelf Bracket/bracket.webp',
  ]);

  // A paid collection shows its price; its creator has no payout account yet, so nothing is for sale.
  const mine = await page.request.get('/api/collections/my-collections', {
    headers: { 'x-auth-token': creator.token },
  });
  const older = ((await mine.json()) as { id: string; name: string }[]).find((c) => c.name === 'Older Set');
  expect(older).toBeTruthy();
  await page.goto(`/collection/${older?.id}`);
  const offer = page.getByRole('region', { name: 'Get this collection' });
  await expect(offer).toContainText('$7.00 one-time purchase');
  await expect(offer).toContainText('This creator is not taking payments yet.');
  await expect(offer.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download Collection' })).toHaveCount(0);

  // The creator deletes it: cancelling keeps it, confirming lands on the dashboard.
  await useToken(page, creator.token);
  await page.goto(collectionUrl);
  const remove = page.getByRole('button', { name: 'Delete Collection' });
  await remove.click();
  await expect.poll(() => dialogs.filter((m) => m === DELETE_CONFIRM).length).toBe(1);
  await expect(page).toHaveURL(new RegExp(`${collectionUrl}$`));
  await remove.click();
  await expect.poll(() => dialogs.filter((m) => m === DELETE_CONFIRM).length).toBe(2);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await page.request.get(`/api/collections/${collectionId}`)).status()).toBe(404);
  await page.goto(collectionUrl);
  await expect(page.getByRole('heading', { name: 'Collection not found.' })).toBeVisible();
});

test('the collection page says when a collection cannot be loaded', async ({ page }) => {
  const missing = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/collection/${missing}`);
  await expect(page.getByRole('heading', { name: 'Collection not found.' })).toBeVisible();

  await page.route(`**/api/collections/${missing}`, (route) => route.abort());
  await page.goto(`/collection/${missing}`);
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByText('Error: Failed to fetch collection')).toBeVisible({ timeout: 15_000 });
});

test('a collection someone bought cannot be deleted: the owner archives it from its page, the buyer keeps it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  collectDialogs(page);
  const creator = await register(page.request, 'archiver', 'Archive Tester');
  const owner = { 'x-auth-token': creator.token };
  await uploadDesign(page.request, creator.token, {
    name: 'Gear Rack',
    file: 'rack',
    colour: '#8a5bd2',
    extra: { createNewCollection: 'true', newCollectionName: 'Kept Set', newCollectionPrice: '7' },
  });
  await connectSeller(page.request, creator);
  const mine = (await (
    await page.request.get('/api/collections/my-collections', { headers: owner })
  ).json()) as { id: string; name: string }[];
  const collectionId = mine.find((c) => c.name === 'Kept Set')?.id ?? '';

  // Someone buys it (the sandbox's checkout, paid).
  const buyer = await register(page.request, 'keeper', 'Archive Tester');
  const asBuyer = { 'x-auth-token': buyer.token };
  const checkout = await page.request.post('/api/payments/checkout/create-collection-session', {
    headers: asBuyer,
    data: { collectionId },
  });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  expect(
    (
      await page.request.post(`/api/payments/sandbox/checkout/${sessionId}/pay`, { headers: asBuyer })
    ).status(),
  ).toBe(200);

  // The owner tries to delete it: refused, with who holds it, and Archive offered.
  await useToken(page, creator.token);
  await page.goto(`/collection/${collectionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kept Set' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Collection' }).click();
  const refusal = page.getByRole('dialog', { name: 'Delete Collection' });
  await expect(refusal).toContainText(
    "This collection can't be deleted: 1 buyer holds it. Archive it instead.",
  );
  await refusal.getByRole('button', { name: 'Archive Collection' }).click();
  await expect(refusal).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Archived' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unarchive Collection' })).toBeVisible();

  // Gone for others: the profile's list and the page itself.
  const stranger = await page.request.get(`/api/collections/user/${creator.username}`);
  expect(await stranger.text()).not.toContain('Kept Set');
  expect((await page.request.get(`/api/collections/${collectionId}`)).status()).toBe(404);

  // The buyer still reaches it, marked archived, and downloads it.
  await useToken(page, buyer.token);
  await page.goto(`/collection/${collectionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kept Set' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Archived' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Collection' }).click();
  expect((await downloading).suggestedFilename()).toBe('Kept_Set.zip');
});
