import { register, useToken } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/app-test.ts';
import { mailTo } from '../fixtures/outbox.ts';

test('a creator hears of a new follower by mail, turns those mails off from its link, and on again in Settings', async ({
  page,
  request,
}) => {
  const creator = await register(request, 'followed');
  const fan = await register(request, 'fan');
  const me = await request.get('/api/auth/user', { headers: { 'x-auth-token': creator.token } });
  const { id: creatorId } = (await me.json()) as { id: string };
  const followed = await request.post('/api/follow/follow', {
    headers: { 'x-auth-token': fan.token },
    data: { targetUserId: creatorId },
  });
  expect(followed.status()).toBe(200);

  const mail = await mailTo(creator.email, `${fan.username} followed you on PrintMarket`);
  const link = /https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link ?? '');
  await page.goto(url.pathname + url.search);
  await expect(page.getByText('You will no longer get emails about new followers.')).toBeVisible();
  // The token does not stay in the address bar or the history.
  await expect(page).toHaveURL(/\/unsubscribe$/);

  await useToken(page, creator.token);
  await page.goto('/settings?tab=preferences');
  const toggle = page.getByRole('checkbox', { name: 'New followers (at most one email a day)' });
  await expect(toggle).not.toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: 'When someone buys one of my designs or collections' }),
  ).toBeChecked();
  await toggle.check();
  await expect(page.getByText('Email notifications saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'New followers (at most one email a day)' })).toBeChecked();
});
