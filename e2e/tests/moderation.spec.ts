import { REPORT_REASON_LABELS } from '@printmarket/shared/reports';
import { register, registerWithEmail, uniqueUsername, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { confirmAddress } from '../fixtures/outbox.ts';
import { buyInSandbox, connectSeller, uploadPaidDesign } from '../fixtures/sandbox.ts';

/** An operator of the e2e server (ADMIN_EMAILS in playwright.config.ts), confirmed. */
async function operatorAt(request: Parameters<typeof register>[0], email: string) {
  const operator = await registerWithEmail(request, email, uniqueUsername('operator'));
  await confirmAddress(request, email);
  return operator;
}

test('a reported design is taken down from the queue, its owner replies, and an operator restores it', async ({
  page,
  request,
}) => {
  const operator = await operatorAt(request, 'judge@example.com');
  const owner = await register(request, 'copier');
  const member = await register(request, 'rightsholder');
  const design = await uploadPaidDesign(request, owner, 'Borrowed Dragon');
  const designPage = `/design/${owner.username}/${design.slug}`;

  // A member reports it from its page.
  await useToken(page, member.token);
  await page.goto(designPage);
  await page.getByRole('button', { name: 'Report' }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Report this design' });
  await reportDialog.getByRole('radio', { name: REPORT_REASON_LABELS.copyright }).check();
  await reportDialog.getByRole('textbox', { name: 'Details' }).fill('My dragon, sculpted in 2023.');
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reportDialog.getByText('Thank you.')).toBeVisible();

  // The operator takes it down from the reports queue, with a reason.
  await useToken(page, operator.token);
  await page.goto('/admin');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Borrowed Dragon' }) });
  await card.getByRole('button', { name: 'Take down' }).click();
  const takeDown = page.getByRole('dialog', { name: 'Take down the design' });
  await takeDown.getByRole('textbox', { name: 'Reason' }).fill('Copyright notice from the sculptor.');
  await takeDown.getByRole('button', { name: 'Take down design' }).click();
  await expect(takeDown).toBeHidden();
  await expect(page.getByText('No open reports.')).toBeVisible();

  // Gone for the member: the page, the newest list, search.
  await useToken(page, member.token);
  await page.goto(designPage);
  await expect(page.getByRole('heading', { name: 'Design not found' })).toBeVisible();
  expect((await request.get(designPage)).status()).toBe(404);
  const newest = (await (await request.get('/api/designs/newest?limit=48')).json()) as {
    designs: { id: string }[];
  };
  expect(newest.designs.map((d) => d.id)).not.toContain(design.id);

  // Its owner sees why, and replies once.
  await useToken(page, owner.token);
  await page.goto(designPage);
  await expect(page.getByRole('heading', { name: 'This design was taken down' })).toBeVisible();
  await expect(page.getByText('Copyright notice from the sculptor.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your reply to the operators' }).fill('I sculpted it myself.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Your reply was sent to the operators.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('I sculpted it myself.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your reply to the operators' })).toHaveCount(0);

  // The operator reads the reply among the taken-down designs and restores it.
  await useToken(page, operator.token);
  await page.goto('/admin?tab=taken-down');
  const downCard = page.getByRole('listitem').filter({ hasText: 'Borrowed Dragon' });
  await expect(downCard).toContainText('I sculpted it myself.');
  await downCard.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore the design' });
  await restore.getByRole('button', { name: 'Restore design' }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByText('No taken-down designs.')).toBeVisible();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  for (const action of ['design.takedown', 'design.takedown-reply', 'design.restore'])
    await expect(page.getByRole('cell', { name: action, exact: true })).toHaveCount(1);

  // Back for everyone.
  await useToken(page, member.token);
  await page.goto(designPage);
  expect((await request.get(designPage)).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Borrowed Dragon' })).toBeVisible();
});

test('an operator refunds a purchase: the buyer loses the download and sees the refund', async ({
  page,
  request,
}) => {
  const operator = await operatorAt(request, 'cashier@example.com');
  const seller = await register(request, 'seller');
  await connectSeller(request, seller);
  const buyer = await register(request, 'buyer');
  const design = await uploadPaidDesign(request, seller, 'Refundable Lamp');
  const designPage = `/design/${seller.username}/${design.slug}`;
  await useToken(page, buyer.token);
  await buyInSandbox(page, buyer, 'create-checkout-session', { designId: design.id }, 'Pay $3.50');
  await page.goto(designPage);
  await expect(page.getByRole('button', { name: 'Download All Files' })).toBeVisible();

  await useToken(page, operator.token);
  await page.goto('/admin?tab=purchases');
  const search = page.getByRole('form', { name: 'Search purchases' });
  await search.getByRole('searchbox').fill(buyer.username);
  await search.getByRole('button', { name: 'Search' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'Refundable Lamp' });
  await expect(card).toContainText('$3.50');
  await card.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund the purchase' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The model does not print.');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await dialog.getByRole('button', { name: 'Yes, refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('The model does not print.');
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  // The buyer may buy it again, no longer download it, and sees the refund in their purchases.
  await useToken(page, buyer.token);
  await page.goto(designPage);
  await expect(page.getByRole('button', { name: /Buy Model/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download All Files' })).toHaveCount(0);
  await page.goto('/MyPurchases');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Refundable Lamp' })).toHaveCount(0);
  await page.goto('/settings?tab=billing');
  await page.getByRole('button', { name: 'View Invoices' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Refundable Lamp' })).toContainText(
    'Refunded · ',
  );
});
