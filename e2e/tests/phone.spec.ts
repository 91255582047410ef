import type { Locator, Page } from '@playwright/test';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import {
  type Account,
  buyInSandbox,
  collectionIdByName,
  connectSeller,
  uploadPaidDesign,
} from '../fixtures/sandbox.ts';

/**
 * The signed-in screens on a 375 px phone: nothing pushes the page sideways, every tab can be
 * reached and is seen to be reachable, and My Purchased Files shows real purchases as cards.
 */

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** The page is exactly as wide as the window: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBe(0);
}

/** The element lies wholly inside the window's width. */
async function expectWithinWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

/** The tab row's frame: it carries the marks of the sides with more tabs. */
const tabFrame = (tablist: Locator) => tablist.locator('xpath=../..');

/** Clicks each tab in turn: it is selected, fully in view, and the page stays the window's width. */
async function visitEveryTab(page: Page, tablist: Locator, names: string[]) {
  for (const name of names) {
    const tab = tablist.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await expectWithinWidth(page, tab);
    await expectNoSidewaysScroll(page);
  }
}

/** A buyer with a design purchase, a collection purchase and a yearly subscription, all paid in the sandbox. */
async function buyerWithPurchases(page: Page): Promise<Account> {
  const seller = await register(page.request, 'phoneseller', 'Phone Seller');
  await connectSeller(page.request, seller);
  const lamp = await uploadPaidDesign(page.request, seller, 'Desk Lamp Shade');
  await uploadPaidDesign(page.request, seller, 'Gear Set Part', {
    createNewCollection: 'true',
    newCollectionName: 'Gear Set Collection',
    newCollectionPrice: '6',
  });
  await uploadPaidDesign(page.request, seller, 'Club Model', {
    createNewCollection: 'true',
    newCollectionName: 'Maker Club Collection',
    newCollectionPrice: '5',
    newCollectionSubscription: 'true',
  });
  const gearId = await collectionIdByName(page.request, seller, 'Gear Set Collection');
  const clubId = await collectionIdByName(page.request, seller, 'Maker Club Collection');
  const plan = await page.request.post('/api/subscription-plans', {
    headers: { 'x-auth-token': seller.token },
    data: {
      name: 'Club Pass',
      collections: [clubId],
      monthlyPrice: 5,
      annualPrice: 48,
      unlimitedDownloads: true,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { _id: string })._id;

  const buyer = await register(page.request, 'phonebuyer', 'Phone Buyer');
  await useToken(page, buyer.token);
  await buyInSandbox(page, buyer, 'create-checkout-session', { designId: lamp.id }, 'Pay $3.50');
  await buyInSandbox(page, buyer, 'create-collection-session', { collectionId: gearId }, 'Pay $6.00');
  await buyInSandbox(
    page,
    buyer,
    'create-subscription-session',
    { collectionId: clubId, planId, planType: 'yearly' },
    'Pay $48.00 / year',
  );
  return buyer;
}

/** The label and value pairs of a purchase card, as shown. */
async function cardFields(card: Locator): Promise<Record<string, string>> {
  const labels = await card.locator('dt').allInnerTexts();
  const values = await card.locator('dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label, values[i] ?? '']));
}

test('My Purchased Files on a phone: real purchases as labelled cards, Cancel in reach, the plan price in the mini-game', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await buyerWithPurchases(page);

  await page.setViewportSize(PHONE);
  await page.goto('/MyPurchases');
  await expect(page.getByRole('heading', { name: 'My Purchased Files' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  const design = page.getByRole('list', { name: 'Design Purchases' }).getByRole('listitem');
  await expect(design).toHaveCount(1);
  expect(await cardFields(design)).toMatchObject({
    Design: 'Desk Lamp Shade',
    Price: '$3.50',
    Date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    'Order number': expect.stringMatching(/^.{9}$/),
  });
  const collection = page.getByRole('list', { name: 'Collection Purchases' }).getByRole('listitem');
  expect(await cardFields(collection)).toMatchObject({ Collection: 'Gear Set Collection', Price: '$6.00' });
  const subscription = page.getByRole('list', { name: 'Active Subscriptions' }).getByRole('listitem');
  expect(await cardFields(subscription)).toMatchObject({
    Collection: 'Maker Club Collection',
    Plan: 'Club Pass',
    Price: '$48.00 / year',
    Renewal: 'Renews yearly',
  });
  await expectNoSidewaysScroll(page);

  // Cancel is on screen without scrolling sideways, and opens the mini-game wearing the plan's price.
  const cancel = subscription.getByRole('button', { name: /^Cancel/ });
  await cancel.scrollIntoViewIfNeeded();
  await expectWithinWidth(page, cancel);
  await cancel.click();
  const game = page.getByRole('region', { name: 'Unsubscribe mini-game' });
  await expect(game).toBeVisible();
  await expect(game).toContainText('$48.00');
  await expect(game).toContainText('/yr');
  await expect(game).not.toContainText('$9.99');
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(game).toBeHidden();

  // On a wide screen the same purchases are tables again.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('table', { name: 'Active Subscriptions' })).toContainText('Renews yearly');
  await expect(page.getByRole('table', { name: 'Design Purchases' })).toContainText('Desk Lamp Shade');
  await expect(page.getByRole('list', { name: 'Design Purchases' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});

test('Settings on a phone: every tab reachable, the hidden ones announced by a fade, the picture buttons inside the card', async ({
  page,
}) => {
  const person = await register(page.request, 'phoneset', 'Phone Settings');
  await useToken(page, person.token);
  await page.setViewportSize(PHONE);
  await page.goto('/settings');
  const tablist = page.getByRole('tablist', { name: 'Settings sections' });
  await expect(tablist.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSidewaysScroll(page);

  // More tabs than fit: the row says so on the side where they are.
  const frame = tabFrame(tablist);
  const overflows = await tablist.evaluate((list) => {
    const row = list.parentElement as HTMLElement;
    return row.scrollWidth > row.clientWidth;
  });
  expect(overflows).toBe(true);
  await expect(frame).toHaveAttribute('data-more-after', 'true');
  await expect(frame).not.toHaveAttribute('data-more-before', /.*/);

  // The keyboard reaches the last tab, which scrolls into view; the fade moves to the other side.
  await tablist.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('End');
  const billing = tablist.getByRole('tab', { name: 'Billing' });
  await expect(billing).toBeFocused();
  await expect(billing).toHaveAttribute('aria-selected', 'true');
  await expectWithinWidth(page, billing);
  await expect(frame).toHaveAttribute('data-more-before', 'true');
  // The last tab is at the end of the row: no fade or arrow is left over it.
  await expect(frame).not.toHaveAttribute('data-more-after', /.*/);
  await page.keyboard.press('Home');
  await expect(tablist.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');

  await visitEveryTab(page, tablist, ['Profile', 'Preferences', 'Security', 'Billing']);

  // Profile: with a picture chosen, 'Choose another picture' and Remove stay inside the card.
  await tablist.getByRole('tab', { name: 'Profile' }).click();
  await page
    .getByRole('group', { name: /Profile picture/ })
    .locator('input[type=file]')
    .setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
  const another = page.getByRole('button', { name: 'Choose another picture' });
  await expect(another).toBeVisible();
  const card = page.getByRole('tabpanel', { name: 'Profile' }).locator('section').first();
  const cardBox = await card.boundingBox();
  for (const button of [another, page.getByRole('button', { name: 'Remove', exact: true })]) {
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((cardBox?.x ?? 0) + (cardBox?.width ?? 0));
  }
  await expectNoSidewaysScroll(page);
});

test('Dashboard on a phone: every tab and link of the row reachable, the selected tab kept in view', async ({
  page,
}) => {
  const person = await register(page.request, 'phonedash', 'Phone Dashboard');
  await useToken(page, person.token);
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard');
  const tablist = page.getByRole('tablist', { name: 'Dashboard sections' });
  await expect(tablist.getByRole('tab', { name: 'My Designs' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSidewaysScroll(page);
  await expect(tabFrame(tablist)).toHaveAttribute('data-more-after', 'true');

  // Arrow keys wrap from the first tab to the last, which is brought into view.
  await tablist.getByRole('tab', { name: 'My Designs' }).focus();
  await page.keyboard.press('ArrowLeft');
  const liked = tablist.getByRole('tab', { name: 'Liked Designs' });
  await expect(liked).toHaveAttribute('aria-selected', 'true');
  await expectWithinWidth(page, liked);
  await expect(tabFrame(tablist)).toHaveAttribute('data-more-before', 'true');

  await visitEveryTab(page, tablist, ['My Designs', 'My Collections', 'Liked Designs']);

  // A tab chosen in the address is in view when the page opens.
  await page.goto('/dashboard?tab=liked');
  await expect(liked).toHaveAttribute('aria-selected', 'true');
  await expectWithinWidth(page, liked);

  // The links at the end of the row are reachable too.
  const account = page.getByRole('navigation', { name: 'Account' });
  await account.getByRole('link', { name: 'Seller Dashboard' }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await page.goBack();
  await account.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expectNoSidewaysScroll(page);
});
