import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  UNSUBSCRIBE_PATH,
} from '@printmarket/shared/notifications';

/**
 * The link at the foot of a notification that turns that kind of mail off without signing in.
 * The token names the person and the kind and is signed, so it cannot be made for anyone else or
 * another kind; it does not expire (a mail may be read months later) and only ever turns mail off.
 */
export class UnsubscribeLinks {
  readonly #key: Buffer;

  /** A key of its own, derived from the app's token secret, as file links derive theirs. */
  constructor(rootSecret: Uint8Array) {
    this.#key = createHmac('sha256', rootSecret).update('printmarket:unsubscribe:v1').digest();
  }

  url(publicUrl: string, userId: string, kind: NotificationKind): string {
    return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${this.token(userId, kind)}`;
  }

  token(userId: string, kind: NotificationKind): string {
    return `${userId}.${kind}.${this.#mac(userId, kind)}`;
  }

  /** Whose mail of which kind the token turns off, or null when it is not one of ours. */
  read(token: string): { userId: string; kind: NotificationKind } | null {
    const [userId, kind, sig, ...rest] = token.split('.');
    if (!userId || !sig || rest.length > 0) return null;
    if (!NOTIFICATION_KINDS.includes(kind as NotificationKind)) return null;
    const expected = Buffer.from(this.#mac(userId, kind as NotificationKind));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, kind: kind as NotificationKind };
  }

  #mac(userId: string, kind: NotificationKind): string {
    // 128 bits of the HMAC: unguessable, and the link stays short.
    return createHmac('sha256', this.#key).update(`${userId}\n${kind}`).digest('base64url').slice(0, 22);
  }
}
