import type { QueueDefinition } from '../jobs/job-queue.ts';
import { composeMail, type MailBrand, type MailContent } from './compose-mail.ts';
import type { MailTransport } from './mail-transport.ts';

/**
 * What modules send mail with: it writes both parts of a message, with the footer of `brand`, and
 * hands it to the transport (SMTP or the outbox). Call it from a job, never a request.
 */
export class Mailer {
  constructor(
    private readonly transport: MailTransport,
    private readonly brand: MailBrand,
  ) {}

  /** The site's address, for the links in messages. */
  get publicUrl(): string {
    return this.brand.publicUrl;
  }

  send(to: string, content: MailContent): Promise<void> {
    return this.transport.send(composeMail(to, content, this.brand));
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * The queue of every job that sends mail: 5 retries from 15 s, doubling, so a mail server that is
 * down for a while delays the mail and fails no request.
 */
export const MAIL_JOBS: QueueDefinition = {
  policy: 'standard',
  retryLimit: 5,
  retryDelay: 15,
  retryBackoff: true,
};
