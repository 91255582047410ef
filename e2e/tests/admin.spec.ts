import { register, registerWithEmail, uniqueUsername, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { confirmAddress } from '../fixtures/outbox.ts';

/** The operator address of the e2e server (ADMIN_EMAILS in playwright.config.ts). */
const OPERATOR_EMAIL = 'operator@example.com';
const OPERATORS_ONLY = 'Only operators may do this.';
const PHONE = { width: 375, height: 812 };

test('an operator dismisses a report with a note; it shows as resolved and in the audit log', async ({
  page,
  request,
}) => {
  // Operators need a confirmed address: anyone could sign up with the listed one.
  const operator = await registerWithEmail(request, OPERATOR_EMAIL, uniqueUsername('operator'));
  await confirmAddress(request, OPERATOR_EMAIL);
  const reporter = await register(request, 'reporter');

  // A seeded design, reported as spam by the member.
  const newest = await request.get('/api/designs/newest');
  const [design] = ((await newest.json()) as { designs: { _id: string; name: string }[] }).designs;
  if (!design) throw new Error('the demo content has no designs');
  const report = await request.post('/api/reports', {
    headers: { 'x-auth-token': reporter.token },
    data: { targetType: 'design', targetId: design._id, reason: 'spam' },
  });
  expect(report.status(), await report.text()).toBe(201);

  await useToken(page, operator.token);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Operator console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page).toHaveTitle('Operator console · PrintMarket');
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: design.name }) });
  await expect(card).toContainText('Spam or misleading');
  await expect(card).toContainText(reporter.username);
  await card.getByRole('button', { name: 'Dismiss' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dismiss reports' });
  await dialog.getByLabel('Note for the audit log').fill('Looked fine to me.');
  await dialog.getByRole('button', { name: 'Dismiss reports' }).click();
  await expect(page.getByRole('status')).toHaveText('Dismissed 1 report.');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No open reports.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Reports to show' }).selectOption('resolved');
  await expect(card).toContainText(`Dismissed by ${operator.username} on`);
  await expect(card).toContainText('Looked fine to me.');
  await expect(card.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=audit$/);
  const row = page.getByRole('row').filter({ hasText: 'report.dismiss' });
  await expect(row).toContainText(operator.username);
  await expect(row).toContainText(design._id);
  await expect(row).toContainText('Looked fine to me.');

  // On a phone the table scrolls inside its own box; the page does not move sideways.
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBe(0);
  await page.getByLabel('Operator username').fill('nobody');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Nothing recorded yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(row).toBeVisible();
});

test('a member who is not an operator is told only operators may use the console', async ({
  page,
  request,
}) => {
  const member = await register(request, 'member');
  await useToken(page, member.token);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(OPERATORS_ONLY);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);
});
