import { REPORT_ALREADY_OPEN, REPORT_REASON_LABELS, REPORT_SENT } from '@printmarket/shared/reports';
import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';

test('a member reports a design from its page; a second report while the first is open is refused', async ({
  page,
  request,
}) => {
  const member = await register(request, 'reporter');
  const newest = await request.get('/api/designs/newest');
  const [design] = ((await newest.json()) as { designs: { slug: string; user: { username: string } }[] })
    .designs;
  expect(design).toBeTruthy();
  await useToken(page, member.token);
  await page.goto(`/design/${design?.user.username}/${design?.slug}`);

  const report = async () => {
    await page.getByRole('button', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this design' });
    await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.copyright }).check();
    await dialog.getByRole('textbox', { name: 'Details' }).fill('A copy of my own tile, published in 2024.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    return dialog;
  };
  const first = await report();
  await expect(first.getByText(REPORT_SENT)).toBeVisible();
  // The dialog's own 'Close' under the message (the other is its corner's).
  await first.getByRole('button', { name: 'Close' }).last().click();
  const second = await report();
  await expect(second.getByText(REPORT_ALREADY_OPEN)).toBeVisible();
});
