import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { collectDialogs } from '../fixtures/dialogs.ts';
import { connectSeller, payInSandbox, uploadPaidDesign } from '../fixtures/sandbox.ts';

/**
 * Buying in the test-mode sandbox, through the real checkout page and webhook: a paid design, a
 * subscription to a collection (with the mini-game before cancelling), and the seller's earnings.
 */

test('a maker buys a paid design in the sandbox and downloads it; the seller sees the earnings', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs = collectDialogs(page);
  const seller = await register(page.request, 'seller', 'Sandbox Seller');
  await connectSeller(page.request, seller);
  const design = await uploadPaidDesign(page.request, seller, 'Paid Gear Box');
  const designPath = `/design/${seller.username}/${design.slug}`;

  // A visitor is asked to sign in first.
  await useToken(page, null);
  await page.goto(designPath);
  await page.getByRole('button', { name: 'Buy Model for $3.50' }).click();
  await expect.poll(() => dialogs).toContain('Please sign in to purchase this design.');
  await expect(page).toHaveURL(/\/signin$/);

  const buyer = await register(page.request, 'buyer', 'Sandbox Buyer');
  await useToken(page, buyer.token);
  await page.goto(designPath);
  await expect(page.getByRole('button', { name: 'Download All Files' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Buy Model for $3.50' }).click();
  // The checkout shows the split of the price from the server: 15 % platform, 2 % provider.
  await expect(page.getByText('$0.53')).toBeVisible();
  await expect(page.getByText('$2.90')).toBeVisible();
  await payInSandbox(page, 'Pay $3.50');
  await expect(page.getByRole('main')).toContainText('Paid Gear Box');

  await page.goto(designPath);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download All Files' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);

  await page.goto('/MyPurchases');
  await expect(page.getByRole('heading', { name: 'My Purchased Files' })).toBeVisible();
  const designs = page.getByRole('table', { name: 'Design Purchases' });
  await expect(designs).toContainText('Paid Gear Box');
  await expect(designs).toContainText('$3.50');

  await useToken(page, seller.token);
  await page.goto('/seller-dashboard');
  await expect(page.getByText('Total Earnings')).toBeVisible();
  await expect(page.getByText('$2.90')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Stripe Account' })).toBeVisible();
});

test('a maker subscribes to a collection plan, plays the mini-game, cancels, and keeps access until the end date', async ({
  page,
}) => {
  test.setTimeout(150_000);
  collectDialogs(page);
  const seller = await register(page.request, 'subseller', 'Plan Seller');
  await connectSeller(page.request, seller);
  await uploadPaidDesign(page.request, seller, 'Monthly Miniature', {
    createNewCollection: 'true',
    newCollectionName: 'Miniature Club',
    newCollectionPrice: '5',
    newCollectionSubscription: 'true',
  });
  const collections = await page.request.get(`/api/collections/user/${seller.username}`);
  const club = ((await collections.json()) as { id: string; name: string }[]).find(
    (c) => c.name === 'Miniature Club',
  );
  expect(club).toBeTruthy();
  const collectionPath = `/collection/${club?.id}`;

  // The seller makes a plan on the Seller Dashboard.
  await useToken(page, seller.token);
  await page.goto('/seller-dashboard');
  await expect(page.getByText('0/4 plans used')).toBeVisible();
  await page.getByRole('button', { name: 'Create Subscription Plan' }).click();
  const planDialog = page.getByRole('dialog', { name: 'New Subscription Plan' });
  await planDialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(planDialog).toContainText('Give your plan a name. Add at least one collection.');
  await planDialog.getByLabel('Plan name').fill('Club Pass');
  await planDialog.getByRole('checkbox', { name: /Miniature Club/ }).check();
  await planDialog.getByLabel(/Monthly price/).fill('5');
  await planDialog.getByLabel(/Annual price/).fill('50');
  await planDialog.getByRole('checkbox', { name: /Unlimited downloads/ }).check();
  await planDialog.getByRole('button', { name: 'Create Plan' }).click();
  await expect(planDialog).toBeHidden();
  await expect(page.getByText('1/4 plans used')).toBeVisible();

  const buyer = await register(page.request, 'subscriber', 'Club Member');
  await useToken(page, buyer.token);
  await page.goto(collectionPath);
  await expect(page.getByRole('button', { name: 'Download Collection' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a Subscription Plan' });
  await expect(chooser).toContainText('Club Pass');
  await chooser.getByRole('button', { name: /Subscribe/ }).click();
  await payInSandbox(page, 'Pay $5.00 / month');

  await page.getByRole('link', { name: 'See Your Purchases' }).click();
  const subscriptions = page.getByRole('table', { name: 'Active Subscriptions' });
  await expect(subscriptions).toContainText('Renews monthly');
  await subscriptions.getByRole('button', { name: /^Cancel/ }).click();

  // The mini-game, played with the keyboard: the subscription has 120 resolve.
  const game = page.getByRole('region', { name: 'Unsubscribe mini-game' });
  await expect(game).toBeVisible();
  // A key press while the text is still typing only shows the whole text, so Enter then would not
  // act: another key shows the text first (a letter does nothing else), then Enter presses `name`.
  const press = async (name: string | RegExp) => {
    await game.getByRole('button', { name }).focus();
    await page.keyboard.press('x');
    await expect(game.locator('[data-typing]')).toHaveCount(0);
    await page.keyboard.press('Enter');
  };
  await press('Continue');
  await press(/^Battle/);
  const won = game.getByText('SUBSCRIPTION CANCELED!');
  const attack = game.getByRole('button', { name: /Call Customer Support/ });
  // 35 damage a turn, give or take 15 %: won within five turns.
  for (let turn = 0; turn < 5; turn++) {
    await expect(won.or(attack)).toBeVisible();
    if (await won.isVisible()) break;
    await press(/Call Customer Support/);
  }
  await expect(won).toBeVisible();
  // The Unsubscribe button dodges the mouse, not the keyboard.
  const confirm = page.getByRole('dialog', { name: 'Cancel subscription?' });
  await press('Unsubscribe');
  await expect(confirm).toBeVisible();

  await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Subscription canceled successfully! You still have access until it expires.' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Ends: /);

  // Access stays until the end date.
  await page.goto(collectionPath);
  await expect(page.getByRole('button', { name: 'Download Collection' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(/Access until/);

  await useToken(page, seller.token);
  await page.goto('/seller-dashboard');
  await expect(page.getByText('$4.15')).toBeVisible();
});

test('a subscriber whose canceled subscription still runs is offered Resume, not Subscribe, and resumes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  collectDialogs(page);
  const seller = await register(page.request, 'resumeseller', 'Resume Seller');
  await connectSeller(page.request, seller);
  await uploadPaidDesign(page.request, seller, 'Resume Miniature', {
    createNewCollection: 'true',
    newCollectionName: 'Resume Club',
    newCollectionPrice: '5',
    newCollectionSubscription: 'true',
  });
  const collections = await page.request.get(`/api/collections/user/${seller.username}`);
  const club = ((await collections.json()) as { id: string; name: string }[]).find(
    (c) => c.name === 'Resume Club',
  );
  const collectionId = club?.id ?? '';
  const plan = await page.request.post('/api/subscription-plans', {
    headers: { 'x-auth-token': seller.token },
    data: {
      name: 'Resume Pass',
      collections: [collectionId],
      monthlyPrice: 5,
      annualPrice: 50,
      unlimitedDownloads: true,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const planId = ((await plan.json()) as { id: string }).id;

  // The buyer subscribes and cancels (both shown in the test above); access runs to the end date.
  const buyer = await register(page.request, 'resumer', 'Resume Member');
  const headers = { 'x-auth-token': buyer.token };
  const checkout = await page.request.post('/api/payments/checkout/create-subscription-session', {
    headers,
    data: { collectionId, planId, planType: 'monthly' },
  });
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  expect(
    (await page.request.post(`/api/payments/sandbox/checkout/${sessionId}/pay`, { headers })).status(),
  ).toBe(200);
  const mine = (await (await page.request.get('/api/purchases/my', { headers })).json()) as {
    subscriptions: { _id: string }[];
  };
  const subscriptionId = mine.subscriptions[0]?._id;
  const cancel = await page.request.post('/api/purchases/cancel', { headers, data: { subscriptionId } });
  expect(cancel.status()).toBe(200);

  await useToken(page, buyer.token);
  await page.goto(`/collection/${collectionId}`);
  const main = page.getByRole('main');
  await expect(main).toContainText('Resume Pass (monthly), canceled — Access until');
  await expect(page.getByRole('button', { name: 'Download Collection' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe', exact: true })).toHaveCount(0);

  // The plan chooser shows the plan held and sells none a second time.
  await page.getByRole('button', { name: 'View plans' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose a Subscription Plan' });
  await expect(chooser).toContainText('Your plan (monthly)');
  await expect(chooser.getByRole('button', { name: /^Subscribe/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();

  await page.getByRole('button', { name: 'Resume the subscription to Resume Club' }).click();
  await expect(main).toContainText('Subscribed to Resume Pass (monthly) — renews');
  await expect(page.getByRole('button', { name: /^Resume/ })).toHaveCount(0);

  // My Purchased Files: one subscription, renewing again, with Cancel back in place of Resume.
  await page.goto('/MyPurchases');
  const subscriptions = page.getByRole('table', { name: 'Active Subscriptions' });
  await expect(subscriptions).toContainText('Renews monthly');
  await expect(subscriptions.getByRole('button', { name: /^Cancel/ })).toHaveCount(1);
  await expect(subscriptions.getByRole('button', { name: /^Resume/ })).toHaveCount(0);
  await expect(subscriptions.getByRole('row')).toHaveCount(2);
});
