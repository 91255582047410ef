import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';

/** A message ready to go: both parts already written (see compose-mail.ts). */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

/** Sends one message, or throws (the job that sends it is then retried). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export type MailSettings = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…` (TLS from the start). */
  smtpUrl?: string;
  /** The From header of every message. */
  from: string;
  /** Where messages are written as .eml files when there is no SMTP server. */
  outboxDir: string;
};

/**
 * Short socket limits: a mail job must finish within its claim on the job queue, and a mail server
 * that hangs should make the job fail and retry rather than hold a worker (nodemailer's own
 * defaults wait up to 10 minutes).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP when a server is configured; otherwise each message becomes an .eml file in the outbox
 * folder, named in one log line, so a local installation can still reset a password.
 */
export function createMailTransport(
  settings: MailSettings,
  logWritten: (file: string) => void,
): MailTransport {
  if (settings.smtpUrl) {
    const smtp = createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }, { from: settings.from });
    return {
      async send(mail) {
        await smtp.sendMail(mail);
      },
      close: () => smtp.close(),
    };
  }
  const writer = createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from: settings.from },
  );
  return {
    async send(mail) {
      const { message } = await writer.sendMail(mail);
      await mkdir(settings.outboxDir, { recursive: true });
      // Sortable by time; the random part keeps two messages of the same millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const file = path.join(settings.outboxDir, name);
      // Written aside, then renamed: a reader of the folder never sees half a message.
      await writeFile(`${file}.part`, message as Buffer, { mode: 0o600 });
      await rename(`${file}.part`, file);
      logWritten(file);
    },
    close: () => writer.close(),
  };
}
