import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationSettings,
  notificationSettingsUpdateSchema,
  UNSUBSCRIBE_LINK_INVALID,
  type UnsubscribeResponse,
  unsubscribed,
} from '@printmarket/shared/notifications';
import type { Viewer } from '../../lib/auth-context.ts';
import { badRequest } from '../../lib/errors.ts';
import type { MailContent } from '../../lib/mail/compose-mail.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import type { NotificationJob } from '../../lib/notification-jobs.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  FOLLOWERS_NAMED,
  type MailLinks,
  newFollowersMail,
  newSubscriberMail,
  purchaseReceiptMail,
  saleMail,
  subscriberCancelledMail,
  subscriptionEndingMail,
  subscriptionReceiptMail,
} from './notifications-mails.ts';
import type { NotificationsRepo } from './notifications-repo.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

/** A cancelled subscription's subscriber is told this many days before it ends. */
export const ENDING_NOTICE_DAYS = 3;
/** New followers are told to a creator at most this often. */
export const FOLLOWER_MAIL_INTERVAL_MS = 24 * 3_600_000;

type Recipient = { id: string; email: string };

/**
 * Notification mails: what happened is read again when the job runs (the job carries ids only),
 * and each mail goes only when its recipient has not turned that kind off. Every one carries the
 * link that turns its kind off.
 */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepo,
    private readonly mail: Mailer,
    private readonly links: UnsubscribeLinks,
    /** Queues the creator's follower mail for `at` (module index: the stately follower queue). */
    private readonly deferFollowerMail: (creatorId: string, at: Date) => Promise<void>,
  ) {}

  async settings(viewer: Viewer): Promise<NotificationSettings> {
    const off = new Set(await this.repo.optedOut(viewer.id));
    return Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)]),
    ) as NotificationSettings;
  }

  async updateSettings(viewer: Viewer, body: unknown): Promise<NotificationSettings> {
    await this.repo.saveSettings(viewer.id, parseInput(notificationSettingsUpdateSchema, body));
    return this.settings(viewer);
  }

  /** The link of a mail's foot: turns its kind off for its recipient, without signing in. */
  async unsubscribe(token: string): Promise<UnsubscribeResponse> {
    const link = this.links.read(token);
    if (!link || !(await this.repo.userExists(link.userId)))
      throw badRequest(UNSUBSCRIBE_LINK_INVALID, 'INVALID_TOKEN');
    await this.repo.saveSettings(link.userId, { [link.kind]: false });
    return { kind: link.kind, message: unsubscribed(link.kind) };
  }

  /** The job of `notification_mail`. A fact gone by the time it runs (say, an account) mails nobody. */
  async send(job: NotificationJob): Promise<void> {
    switch (job.kind) {
      case 'sale':
      case 'purchaseReceipt': {
        const sale = await this.repo.sale(job.purchaseId);
        if (!sale) return;
        if (job.kind === 'sale')
          return this.#deliver({ id: sale.sellerId, email: sale.sellerEmail }, 'sale', (links) =>
            saleMail({ ...sale, purchaseId: sale.id, split: sale }, links),
          );
        return this.#deliver({ id: sale.buyerId, email: sale.buyerEmail }, 'receipt', (links) =>
          purchaseReceiptMail({ ...sale, reference: sale.id, paidAt: sale.createdAt }, links),
        );
      }
      case 'subscriptionReceipt': {
        const paid = await this.repo.subscriptionPayment(job.checkoutSessionId, job.invoiceId);
        if (!paid || paid.refundedAt) return;
        return this.#deliver({ id: paid.buyerId, email: paid.buyerEmail }, 'receipt', (links) =>
          subscriptionReceiptMail({ ...paid, reference: job.invoiceId }, links),
        );
      }
      case 'newSubscriber':
      case 'subscriberCancelled': {
        const s = await this.repo.subscription(job.subscriptionId);
        if (!s) return;
        const write = job.kind === 'newSubscriber' ? newSubscriberMail : subscriberCancelledMail;
        return this.#deliver({ id: s.sellerId, email: s.sellerEmail }, job.kind, (links) => write(s, links));
      }
    }
  }

  /**
   * The scheduled look for cancelled subscriptions that end within ENDING_NOTICE_DAYS: each
   * subscriber is told once (a mail that fails is tried again at the next look).
   */
  async sendEndingNotices(): Promise<void> {
    for (;;) {
      const due = await this.repo.endingSoon(ENDING_NOTICE_DAYS, 100);
      for (const id of due) {
        const s = await this.repo.subscription(id);
        if (s)
          await this.#deliver(
            { id: s.subscriberId, email: s.subscriberEmail },
            'subscriptionEnding',
            (links) => subscriptionEndingMail(s, links),
          );
        await this.repo.markEndingNotice(id);
      }
      if (due.length < 100) return;
    }
  }

  /**
   * The job of `follower_mail`: one mail naming who followed the creator since the last one. A
   * job that comes within a day of the last mail puts itself off until the day is over; the
   * followers who come meanwhile wait for that one.
   */
  async sendFollowerMail(creatorId: string, now = new Date()): Promise<void> {
    const creator = await this.repo.creator(creatorId);
    if (!creator) return;
    const last = creator.lastMailedAt;
    if (last && now.getTime() - last.getTime() < FOLLOWER_MAIL_INTERVAL_MS) {
      await this.deferFollowerMail(creatorId, new Date(last.getTime() + FOLLOWER_MAIL_INTERVAL_MS));
      return;
    }
    const since = last ?? new Date(now.getTime() - FOLLOWER_MAIL_INTERVAL_MS);
    const { usernames, total } = await this.repo.followersSince(creatorId, since, FOLLOWERS_NAMED);
    // Everyone who followed has unfollowed again: nothing to tell, and the day is not used up.
    if (total === 0) return;
    await this.#deliver(creator, 'newFollower', (links) =>
      newFollowersMail(creator.username, usernames, total, links),
    );
    await this.repo.markFollowerMail(creatorId, now);
  }

  async #deliver(to: Recipient, kind: NotificationKind, write: (links: MailLinks) => MailContent) {
    // A deleted account, or a kind turned off, gets nothing.
    if (!(await this.repo.wantsMail(to.id, kind))) return;
    const { publicUrl } = this.mail;
    await this.mail.send(
      to.email,
      write({ publicUrl, unsubscribeUrl: this.links.url(publicUrl, to.id, kind) }),
    );
  }
}
