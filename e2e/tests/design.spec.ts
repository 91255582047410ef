import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { register, uniqueUsername, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { collectDialogs } from '../fixtures/dialogs.ts';
import { makePng } from '../fixtures/images.ts';
import { boxStl } from '../fixtures/stl.ts';
import { zipEntries } from '../fixtures/zip.ts';

// sharp belongs to the API workspace; the browser tests borrow it to read a screenshot's pixels.
const require = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const sharp: typeof import('sharp').default = require('sharp');

type ListedDesign = { slug: string; name: string; isPaid: boolean; user: { username: string } };

/**
 * A free demo design. Demo designs are seeded with views (20 or more) and in no collection; the
 * most viewed are demo designs whatever other tests uploaded and grouped before.
 */
async function freeDemoDesign(page: Page): Promise<ListedDesign> {
  const res = await page.request.get('/api/designs/most-popular?limit=48');
  const { designs } = (await res.json()) as { designs: ListedDesign[] };
  const free = designs.find((design) => !design.isPaid);
  if (!free) throw new Error('the demo content has no free design');
  return free;
}

type PaidDesign = ListedDesign & { price: number };
type ModelFile = { type: string; previewMeshUrl?: string | null };

async function paidDemoDesign(page: Page): Promise<PaidDesign> {
  const res = await page.request.get('/api/designs/newest?limit=48');
  const { designs } = (await res.json()) as { designs: PaidDesign[] };
  const paid = designs.find((design) => design.isPaid);
  // The demo catalogue has paid designs; without one these tests must fail, not pass quietly.
  if (!paid) throw new Error('the demo content has no paid design');
  return paid;
}

async function modelFilesOf(page: Page, design: ListedDesign): Promise<ModelFile[]> {
  const res = await page.request.get(`/api/designs/${design.user.username}/${design.slug}`);
  const { files } = (await res.json()) as { files: ModelFile[] };
  return files.filter((file) => file.type === 'stl');
}

/** Bodies of the JavaScript the page loads from now on. */
function recordScripts(page: Page): { urls: string[]; bodies: Promise<string>[] } {
  const record = { urls: [] as string[], bodies: [] as Promise<string>[] };
  page.on('response', (response) => {
    const url = response.url();
    if (response.request().resourceType() !== 'script' && !url.endsWith('.js')) return;
    record.urls.push(url);
    record.bodies.push(response.text().catch(() => ''));
  });
  return record;
}

test('a demo design opens from the home page with its header, counts, files and facts', async ({ page }) => {
  // Most viewed first: demo designs, not what other tests uploaded.
  await page.goto('/?sort=most-popular');
  const card = page.locator('main article').first();
  const name = await card.locator('h2').innerText();
  await card.locator('h2 a').click();
  await expect(page).toHaveURL(/\/design\/[A-Za-z0-9]+\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const owner = page.locator('main header').getByRole('link').first();
  await expect(owner).toHaveAttribute('href', /^\/profile\/[A-Za-z0-9]+$/);
  await expect(page.locator('main header time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  const stats = page.getByRole('list', { name: 'Statistics' });
  await expect(stats).toContainText(/\d+ views?/);
  await expect(stats).toContainText(/\d+ downloads?/);
  await expect(stats.getByRole('button', { name: /^Like, \d+ likes?$/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText(/\.stl$/).first()).toBeVisible();
  await expect(files.getByRole('button', { name: /^Download .+\.stl$/ }).first()).toBeVisible();
  await expect(page.getByRole('row', { name: 'Format 3D STL' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'License Creative Commons' })).toBeVisible();
  // A visitor is not the owner.
  await expect(page.getByRole('link', { name: 'Edit Design' })).toHaveCount(0);
  // Photos first, then the thumbnails switch the big picture.
  const thumbs = page.getByRole('list', { name: 'Images' }).getByRole('button');
  if ((await thumbs.count()) > 1) {
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  }
});

test('the home page loads no three.js; "Show in 3D" loads it and draws the model', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.locator('main article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const homeBodies = await Promise.all(scripts.bodies);
  expect(homeBodies.length).toBeGreaterThan(0);
  expect(homeBodies.filter((body) => body.includes('WebGLRenderer'))).toEqual([]);
  expect(scripts.urls.filter((url) => /\/scene-[^/]*\.js$/.test(url))).toEqual([]);

  const design = await freeDemoDesign(page);
  await page.goto(`/design/${design.user.username}/${design.slug}`);
  await page.getByRole('button', { name: 'Show in 3D' }).click();
  await expect(page.getByRole('button', { name: 'Show as Image' })).toBeVisible();
  const viewer = page.getByRole('region', { name: /^3D viewer/ });
  await expect(viewer).toHaveCSS('height', '500px');
  // The toolbar appears once the model is on screen.
  await expect(viewer.getByRole('button', { name: 'Reset view' })).toBeVisible({ timeout: 30_000 });
  const canvas = viewer.locator('canvas');
  await expect(canvas).toHaveCount(1);

  // The backdrop behind the transparent canvas is grey-white; the model is orange filament. Count
  // pixels that are clearly warm: without a drawn model there are none. Taken again until the
  // model is drawn (the first frames may come before it).
  await expect(async () => {
    const { data, info } = await sharp(await canvas.screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colours = new Set<number>();
    let warm = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      colours.add((r << 16) | (g << 8) | b);
      if (r - b > 60 && r > g) warm += 1;
    }
    expect(colours.size).toBeGreaterThan(1);
    expect(warm / (info.width * info.height)).toBeGreaterThan(0.02);
  }).toPass({ timeout: 30_000 });

  const all = await Promise.all(scripts.bodies);
  expect(all.some((body) => body.includes('WebGLRenderer'))).toBe(true);

  await page.getByRole('button', { name: 'Show as Image' }).click();
  await expect(canvas).toHaveCount(0);
});

test('a visitor is asked to sign in to like or download', async ({ page }) => {
  const dialogs = collectDialogs(page);
  const design = await freeDemoDesign(page);
  await page.goto(`/design/${design.user.username}/${design.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: design.name })).toBeVisible();

  await page
    .getByRole('button', { name: /^Download .+\.stl$/ })
    .first()
    .click();
  await expect.poll(() => dialogs).toContain('You need to be signed in to download this file.');
  await page.getByRole('button', { name: 'Download All Files' }).click();
  await expect.poll(() => dialogs).toContain('Please sign in to download files.');
  await page.getByRole('button', { name: /^Like, / }).click();
  await expect.poll(() => dialogs).toContain('You must log in to like this design.');
  await expect(page).toHaveURL(new RegExp(`/design/${design.user.username}/${design.slug}$`));
});

test('a visitor on a paid design is sent to sign in to buy it', async ({ page }) => {
  const dialogs = collectDialogs(page);
  const paid = await paidDemoDesign(page);
  await page.goto(`/design/${paid.user.username}/${paid.slug}`);
  await page.getByRole('button', { name: `Buy Model for $${paid.price.toFixed(2)}` }).click();
  await expect.poll(() => dialogs).toContain('Please sign in to purchase this design.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a visitor sees a paid design in 3D from its preview mesh, and no model file crosses the network', async ({
  page,
}) => {
  const paid = await paidDemoDesign(page);
  // The server's preview jobs build the demo designs' preview meshes after the first start.
  await expect
    .poll(async () => (await modelFilesOf(page, paid)).every((file) => file.previewMeshUrl), {
      timeout: 60_000,
    })
    .toBe(true);
  const files = await modelFilesOf(page, paid);
  expect(files.length).toBeGreaterThan(0);

  const requests: string[] = [];
  const modelAnswers: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (/^model\/(stl|3mf|obj)/.test(response.headers()['content-type'] ?? ''))
      modelAnswers.push(response.url());
  });
  await page.goto(`/design/${paid.user.username}/${paid.slug}`);
  await page.getByRole('button', { name: 'Show in 3D' }).click();
  const viewer = page.getByRole('region', { name: /^3D viewer/ });
  await expect(viewer).toHaveAttribute('data-showing', 'preview', { timeout: 30_000 });
  await expect(viewer.getByRole('button', { name: 'Reset view' })).toBeVisible();
  await expect(viewer.locator('canvas')).toHaveCount(1);

  const meshPaths = files.map((file) => file.previewMeshUrl);
  expect(requests.some((url) => meshPaths.includes(new URL(url).pathname))).toBe(true);
  // Neither the call that hands out a model's link nor the model's bytes were asked for.
  expect(requests.filter((url) => /\/api\/(designs\/download|files\/content)\//.test(url))).toEqual([]);
  expect(modelAnswers).toEqual([]);
  // The preview stays a preview: nothing swaps in a full model the visitor may not have.
  await expect(viewer).toHaveAttribute('data-showing', 'preview');
});

test('a signed-in person likes and unlikes, and downloads everything as one ZIP', async ({ page }) => {
  const design = await freeDemoDesign(page);
  const { token } = await register(page.request, 'liker', 'Design Tester');
  await useToken(page, token);
  await page.goto(`/design/${design.user.username}/${design.slug}`);

  const like = page.getByRole('list', { name: 'Statistics' }).getByRole('button');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const before = Number(await page.getByTestId('likes-count').innerText());
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('likes-count')).toHaveText(String(before + 1));
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('likes-count')).toHaveText(String(before));

  const fileNames = await page
    .getByRole('region', { name: 'Files' })
    .locator('li span span:first-child')
    .allInnerTexts();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download All Files' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${design.name.replace(/ /g, '_')}.zip`);
  const entries = await zipEntries(await download.path());
  expect(entries.length).toBe(fileNames.length);
  const stl = fileNames.find((name) => name.endsWith('.stl'));
  expect(entries).toContain(stl);
});

test('/design/{slug} goes to the canonical address', async ({ page }) => {
  const design = await freeDemoDesign(page);
  await page.goto(`/design/${design.slug}`);
  await expect(page).toHaveURL(new RegExp(`/design/${design.user.username}/${design.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: design.name })).toBeVisible();
  await page.goto('/design/no-such-design-anywhere');
  await expect(page.getByRole('heading', { name: 'Design not found' })).toBeVisible();
});

test('an owner edits the name and price of a design', async ({ page }) => {
  const dialogs = collectDialogs(page);
  const username = uniqueUsername('owner');
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Full name').fill('Owen Owner');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('teapot-lantern-9');
  await page.getByLabel('Confirm password', { exact: true }).fill('teapot-lantern-9');
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page).toHaveURL(/\/setup-profile$/);
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  expect(token).toBeTruthy();

  // The upload wizard is built separately; the design is made through the API with a real STL.
  const form = new FormData();
  const fields: [string, string][] = [
    ['designName', 'Test Block'],
    ['description', 'A plain block for the edit test.'],
    ['settings', '0.2 mm layers'],
    ['manufacturingInstructions', 'No supports'],
    ['usages', 'Testing'],
    ['categories', JSON.stringify(['Tools'])],
    ['tags', 'block, test'],
    ['uploadId', String(Date.now())],
    ['isPaid', 'false'],
    ['price', ''],
  ];
  for (const [key, value] of fields) form.append(key, value);
  // STL files first, then photos (docs/product.md#uploads).
  form.append('files', new File([new Uint8Array(boxStl(20, 30, 10))], 'block.stl', { type: 'model/stl' }));
  form.append(
    'files',
    new File([new Uint8Array(await makePng('#d24b7a'))], 'block.png', { type: 'image/png' }),
  );
  const upload = await page.request.post('/api/designs/upload', {
    headers: { 'x-auth-token': token ?? '' },
    multipart: form,
  });
  expect(upload.status()).toBe(201);
  const { design } = (await upload.json()) as { design: { id: string; slug: string } };

  await page.goto(`/design/${username}/${design.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Test Block' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Dimensions 20 x 30 x 10 mm' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Triangles 12' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Volume 6 cm³' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Mesh Closed (watertight)' })).toBeVisible();
  // The photo comes first in the gallery, then the STL's rendered preview.
  await expect(page.getByRole('img', { name: 'Test Block, photo' })).toHaveAttribute(
    'src',
    /\/uploads\/images\/.+-gallery\.webp$/,
  );
  await page.getByRole('button', { name: 'Show image 2 of 2' }).click();
  await expect(page.getByRole('img', { name: 'Rendered preview of block.stl' })).toHaveAttribute(
    'src',
    /-preview\.webp$/,
  );

  // The other edit address (/edit/{id}, docs/product.md#edit-design) leads to the same screen.
  await page.goto(`/edit/${design.id}`);
  await expect(page).toHaveURL(new RegExp(`/edit-design/${design.id}$`));
  await page.goto(`/design/${username}/${design.slug}`);
  await page.getByRole('link', { name: 'Edit Design' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-design/${design.id}$`));

  await expect(page.getByLabel('Name')).toHaveValue('Test Block');
  await page.getByLabel('Name').fill('Test Block Deluxe');
  await page.getByLabel('Paid').check();
  await page.getByLabel('Price (USD)').fill('0');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Invalid price.')).toBeVisible();
  await page.getByLabel('Price (USD)').fill('3.25');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect.poll(() => dialogs).toContain('Design updated successfully!');
  await expect(page).toHaveURL(new RegExp(`/design/${username}/${design.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Test Block Deluxe' })).toBeVisible();
  await expect(page.getByText('$3.25')).toBeVisible();
  // The owner of a paid design still downloads it, and sees the edit button.
  await expect(page.getByRole('button', { name: 'Download All Files' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Design' })).toBeVisible();

  // Signed out, the edit screen says why and goes to sign in.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/edit-design/${design.id}`);
  await expect.poll(() => dialogs).toContain('You must be logged in to edit a design.');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a download shows in the design page count at once, and counts once per person a day', async ({
  page,
}) => {
  const creator = await register(page.request, 'counted', 'Design Tester');
  const form = new FormData();
  form.append('designName', 'Counted Block');
  form.append('description', 'A block whose downloads are counted.');
  form.append('isPaid', 'false');
  form.append('uploadId', String(Date.now()));
  form.append('files', new File([new Uint8Array(boxStl(12, 12, 12))], 'block.stl', { type: 'model/stl' }));
  const uploaded = await page.request.post('/api/designs/upload', {
    headers: { 'x-auth-token': creator.token },
    multipart: form,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { design } = (await uploaded.json()) as { design: { slug: string } };

  const { token } = await register(page.request, 'fetcher', 'Design Tester');
  await useToken(page, token);
  await page.goto(`/design/${creator.username}/${design.slug}`);
  const stats = page.getByRole('list', { name: 'Statistics' });
  await expect(stats).toContainText('0 downloads');

  const file = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Files' })
    .getByRole('button', { name: /^Download/ })
    .click();
  expect((await file).suggestedFilename()).toBe('block.stl');
  // No reload: the page asks for the design again once the download has started.
  await expect(stats).toContainText('1 download');

  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download All Files' }).click();
  await zip;
  await page.reload();
  await expect(stats).toContainText('1 download');
  await expect(stats).not.toContainText('2 downloads');
});
