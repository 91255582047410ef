import { z } from 'zod';

/**
 * The mails a person may turn off (Settings > Preferences, or the link at the foot of each).
 * Security mail (password reset, address confirmation and change) always goes and is not here.
 */
export const NOTIFICATION_KINDS = [
  'sale',
  'newSubscriber',
  'subscriberCancelled',
  'receipt',
  'subscriptionEnding',
  'newFollower',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `GET /api/user/notifications`: every kind, on (true) unless the person turned it off. */
export type NotificationSettings = Record<NotificationKind, boolean>;

/** The toggles' labels, grouped as Settings shows them. */
export const NOTIFICATION_GROUPS: { title: string; kinds: { kind: NotificationKind; label: string }[] }[] = [
  {
    title: 'As a seller',
    kinds: [
      { kind: 'sale', label: 'When someone buys one of my designs or collections' },
      { kind: 'newSubscriber', label: 'When someone subscribes to one of my plans' },
      { kind: 'subscriberCancelled', label: 'When a subscriber cancels' },
    ],
  },
  {
    title: 'As a buyer',
    kinds: [
      { kind: 'receipt', label: 'A receipt for every purchase and subscription payment' },
      { kind: 'subscriptionEnding', label: 'Three days before a cancelled subscription ends' },
    ],
  },
  {
    title: 'As a creator',
    kinds: [{ kind: 'newFollower', label: 'New followers (at most one email a day)' }],
  },
];

/** What the unsubscribe page says once a kind is turned off. */
export const NOTIFICATION_TOPICS: Record<NotificationKind, string> = {
  sale: 'your sales',
  newSubscriber: 'new subscribers',
  subscriberCancelled: 'cancelled subscriptions to your plans',
  receipt: 'receipts for your purchases',
  subscriptionEnding: 'subscriptions about to end',
  newFollower: 'new followers',
};

export function unsubscribed(kind: NotificationKind): string {
  return `You will no longer get emails about ${NOTIFICATION_TOPICS[kind]}.`;
}

export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Turn emails off in Settings instead.';

/** Body of `PUT /api/user/notifications`: any of the kinds; those left out keep their setting. */
export const notificationSettingsUpdateSchema = z.strictObject(
  Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      z.boolean({ error: `${kind} must be true or false.` }).optional(),
    ]),
  ) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>,
  {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') return `Unknown notification: ${issue.keys.join(', ')}.`;
      if (issue.code === 'invalid_type') return 'Notification settings must be a JSON object.';
      return undefined;
    },
  },
);
export type NotificationSettingsUpdate = z.input<typeof notificationSettingsUpdateSchema>;

/** Body of `POST /api/notifications/unsubscribe` (the token may come in the query instead). */
export const unsubscribeSchema = z.object({
  token: z
    .string({ error: UNSUBSCRIBE_LINK_INVALID })
    .min(1, UNSUBSCRIBE_LINK_INVALID)
    .max(200, UNSUBSCRIBE_LINK_INVALID),
});

export type UnsubscribeResponse = { kind: NotificationKind; message: string };

/** The page the unsubscribe link of every notification opens. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
