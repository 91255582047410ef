import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { TestApp } from './app.ts';

/**
 * The newest message to `address` (with `subject`, when given) in the test app's outbox
 * (DATA_DIR/outbox: test apps have no SMTP server), once the job that sends it has written it.
 */
export async function outboxMailTo(
  t: Pick<TestApp, 'dataDir'>,
  address: string,
  subject?: string,
): Promise<ParsedMail> {
  const outbox = path.join(t.dataDir, 'outbox');
  for (;;) {
    const names = (await readdir(outbox).catch(() => [] as string[]))
      .filter((n) => n.endsWith('.eml'))
      .sort();
    for (const name of names.reverse()) {
      const mail = await simpleParser(await readFile(path.join(outbox, name)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      if (to === address && (subject === undefined || mail.subject === subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The token of the first `{PUBLIC_URL}{page}?token=…` link in a message's text part. */
export function linkToken(mail: ParsedMail, page: string): string {
  const match = new RegExp(`${page}\\?token=([\\w-]+)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  return match[1];
}

export const CONFIRMATION_SUBJECT = 'Confirm your email address for PrintMarket';

/** Confirms the address of a person who signed up, through the link mailed to them. */
export async function confirmAddress(t: TestApp, email: string): Promise<void> {
  const token = linkToken(await outboxMailTo(t, email, CONFIRMATION_SUBJECT), '/verify-email');
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`confirmation failed: ${res.body}`);
}
