import type { StlAnalysis } from '@printmarket/shared/types';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Table types for Kysely. Columns are snake_case in SQL and here; services map them to the API. */
/** A timestamp the database fills in when the insert leaves it out. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  name: string;
  email: string;
  /** Null for accounts that only ever signed in with Google. */
  password_hash: string | null;
  google_sub: string | null;
  bio: Generated<string>;
  location: Generated<string>;
  profile_picture_key: string | null;
  banner_image_key: string | null;
  /** The banner at half size (750 x 250), the same crop; null until made (migration 0017). */
  banner_medium_key: string | null;
  social_links: ColumnType<SocialLinksJson, string | undefined, string>;
  last_username_change: Date | null;
  profile_completed: Generated<boolean>;
  /** When the person confirmed their address (migration 0019); null until then. */
  email_verified_at: Date | null;
  /** When the person deleted the account (migration 0021): the row stays, emptied, its username kept. */
  deleted_at: Date | null;
  /** An operator suspended the account (migration 0023). */
  suspended_at: Date | null;
  suspension_reason: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}
export type SocialLinksJson = { instagram?: string; twitter?: string; custom?: string };

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

/** One rate-limit window of one key (migration 0013); `hits` stops at the limit + 1. */
export interface RateLimitCountsTable {
  counter: string;
  key: string;
  hits: number;
  resets_at: Timestamp;
}

export interface OAuthStatesTable {
  state: string;
  code_verifier: string;
  nonce: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

/** A one-time code from the Google callback, waiting to be exchanged for a session. */
export interface GoogleSignInCodesTable {
  code_hash: string;
  browser_key_hash: string;
  user_id: string;
  is_new: boolean;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

/** A password reset link's token, by its hash (migration 0018); deleted when used. */
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

/** A mailed confirmation link's token, by its hash (migration 0019); deleted when used. */
export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  /** `verify`: confirms the account's address; `change`: moves the account to `email`. */
  purpose: 'verify' | 'change';
  email: string;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
}

/** Keys an upload is storing, under a lease its instance renews (migration 0016). */
export interface PendingUploadsTable {
  id: string;
  keys: ColumnType<string[], string[] | undefined, string[]>;
  lease_until: Timestamp;
}

export interface DesignsTable {
  id: Generated<string>;
  user_id: string;
  slug: string;
  name: string;
  description: Generated<string>;
  category: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  settings: Generated<string>;
  manufacturing_instructions: Generated<string>;
  usages: Generated<string>;
  is_paid: Generated<boolean>;
  price_cents: Generated<number>;
  views: Generated<number>;
  likes_count: Generated<number>;
  downloads: Generated<number>;
  collection_id: string | null;
  /** Set when it stopped being shown or sold (migration 0021): kept for those who hold it. */
  archived_at: Date | null;
  /** Operators took it down (migration 0023); the owner may reply once. */
  taken_down_at: Date | null;
  takedown_reason: string | null;
  takedown_reply: string | null;
  takedown_reply_at: Date | null;
  /** Set while it is taken down or its owner suspended: shown to its owner and operators only. */
  withheld_at: Date | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface DesignFilesTable {
  id: Generated<string>;
  design_id: string;
  kind: 'image' | 'stl';
  /** Display name shown to people; never used as a path. */
  name: string;
  /** Storage key of the file (STL) or of the gallery-size image. */
  storage_key: string;
  /** Storage key of the card-size image; null for STL files. */
  card_key: string | null;
  /**
   * Images: storage key of the gallery picture at half size (800 x 600 at most, the whole frame);
   * null for STL files and until made (migration 0017).
   */
  medium_key: string | null;
  size_bytes: number;
  position: number;
  /** STL files: what the analyser found (lib/stl); null for images. */
  analysis: ColumnType<StlAnalysisJson | null, string | null | undefined, string | null>;
  /** STL files: storage keys of the rendered gallery- and card-size previews. */
  preview_key: string | null;
  preview_card_key: string | null;
  /** Model files: storage key of the public preview mesh (migration 0025); null until made. */
  preview_mesh_key: string | null;
  created_at: DefaultedTimestamp;
}

/** A design file's stored analysis: what the API hands out as `analysis`. */
export type StlAnalysisJson = StlAnalysis;

export interface CollectionsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: Generated<string>;
  visibility: Generated<'public' | 'private'>;
  cover_image_key: string | null;
  pricing_type: Generated<'free' | 'oneTime' | 'subscription'>;
  price_cents: Generated<number>;
  allow_individual_purchase: Generated<boolean>;
  /** Set when the owner archived it (migration 0008): no longer listed or sold, kept for holders. */
  archived_at: Timestamp | null;
  /** Set while its owner is suspended (migration 0023): shown to its owner and operators only. */
  withheld_at: Timestamp | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** What a subscriber keeps of a collection archived during their subscription (migration 0008). */
export interface CollectionArchiveGrantsTable {
  collection_id: string;
  subscription_id: string;
  /** The end of the period that was running when the collection was archived. */
  until: Timestamp;
}

/** One row per person, design and UTC day that a download was counted (migration 0008). */
export interface DesignDownloadsTable {
  design_id: string;
  user_id: string;
  day: ColumnType<string, string, string>;
}

export interface DesignViewsTable {
  design_id: string;
  /** The signed-in viewer's id, or a hash of an anonymous viewer's address and browser. */
  viewer: string;
  /** The start of the hour the view fell in. */
  hour: Timestamp;
}

export interface LikesTable {
  user_id: string;
  design_id: string;
  created_at: DefaultedTimestamp;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: DefaultedTimestamp;
}

/** A username someone gave up; it stays reserved for them (migration 0004). */
export interface UsernameHistoryTable {
  username: string;
  user_id: string;
  changed_at: DefaultedTimestamp;
}

/** Payments (migration 0006). Money is integer cents in US dollars. */
export interface SellerAccountsTable {
  user_id: string;
  provider_account_id: string;
  charges_enabled: Generated<boolean>;
  payouts_enabled: Generated<boolean>;
  details_submitted: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface PaymentCustomersTable {
  user_id: string;
  provider_customer_id: string;
  created_at: DefaultedTimestamp;
}

export interface SubscriptionPlansTable {
  id: Generated<string>;
  seller_id: string;
  name: string;
  monthly_price_cents: number;
  annual_price_cents: number;
  unlimited_downloads: boolean;
  downloads_per_month: number | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface SubscriptionPlanCollectionsTable {
  plan_id: string;
  collection_id: string;
}

export type CheckoutKind = 'design' | 'collection' | 'subscription';
export type PlanType = 'monthly' | 'yearly';

export interface CheckoutSessionsTable {
  id: Generated<string>;
  provider_session_id: string | null;
  buyer_id: string;
  seller_id: string;
  kind: CheckoutKind;
  design_id: string | null;
  collection_id: string | null;
  plan_id: string | null;
  plan_type: PlanType | null;
  item_name: string;
  price_cents: number;
  status: Generated<'open' | 'complete' | 'canceled'>;
  /** The provider's checkout page, answered again while the checkout is open. */
  url: string | null;
  /** When the provider stops accepting payment on it (Stripe: 24 hours by default). */
  expires_at: Timestamp | null;
  /** What the paid event must carry, with price_cents. */
  currency: Generated<string>;
  created_at: DefaultedTimestamp;
}

export interface PurchasesTable {
  id: Generated<string>;
  checkout_session_id: string;
  buyer_id: string;
  seller_id: string;
  kind: 'design' | 'collection';
  design_id: string | null;
  collection_id: string | null;
  item_name: string;
  price_cents: number;
  created_at: DefaultedTimestamp;
  /** The provider's payment (Stripe: PaymentIntent); null for purchases made before migration 0024. */
  provider_payment_id: string | null;
  /** An operator's refund, claimed before the provider is asked (migration 0024). */
  refund_requested_at: Timestamp | null;
  refund_requested_by: string | null;
  refund_reason: string | null;
  /** Set once refunded: the purchase gives no access and its earnings line no longer counts. */
  refunded_at: Timestamp | null;
  /** The operator who asked for it; null for a refund made at the provider. */
  refunded_by: string | null;
  provider_refund_id: string | null;
  /** The buyer's bank disputed the payment: no access while open, nor once lost. */
  dispute_status: 'open' | 'won' | 'lost' | null;
  dispute_at: Timestamp | null;
  provider_dispute_id: string | null;
}

export interface PurchaseDesignsTable {
  purchase_id: string;
  design_id: string;
}

export type SubscriptionStatus = 'active' | 'canceled' | 'ended';

export interface SubscriptionsTable {
  id: Generated<string>;
  provider_subscription_id: string;
  checkout_session_id: string;
  subscriber_id: string;
  seller_id: string;
  plan_id: string | null;
  collection_id: string | null;
  /** The collection's name when the subscription was taken out, kept if it is renamed or deleted. */
  collection_name: string;
  plan_name: string;
  plan_type: PlanType;
  price_cents: number;
  status: SubscriptionStatus;
  start_date: Timestamp;
  end_date: Timestamp;
  canceled_at: Timestamp | null;
  provider_updated_at: Timestamp;
  /** When the subscriber was told a cancelled subscription ends soon (migration 0020). */
  ending_notice_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface EarningsTable {
  id: Generated<string>;
  seller_id: string;
  /** What the money came from: `checkout:{session id}` or `invoice:{provider invoice id}`. */
  source: string;
  price_cents: number;
  platform_fee_cents: number;
  provider_fee_cents: number;
  creator_cents: number;
  /** Set when the payment was refunded (a duplicate): it no longer counts as earned. */
  refunded_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

/** A payment refunded because the buyer already held what it paid for. */
export interface PaymentRefundsTable {
  id: Generated<string>;
  checkout_session_id: string;
  buyer_id: string;
  seller_id: string;
  kind: CheckoutKind;
  design_id: string | null;
  collection_id: string | null;
  item_name: string;
  price_cents: number;
  reason: 'duplicate';
  provider_refund_id: string;
  created_at: DefaultedTimestamp;
}

export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: DefaultedTimestamp;
}

/** A member's report of a design, a collection or a person (migration 0022). */
export interface ReportsTable {
  id: Generated<string>;
  reporter_id: string;
  target_type: 'design' | 'collection' | 'user';
  target_id: string;
  reason: 'copyright' | 'prohibited' | 'spam' | 'harassment' | 'other';
  details: Generated<string>;
  status: Generated<'open' | 'resolved'>;
  resolution: 'dismiss' | 'takedown' | null;
  resolution_note: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  created_at: DefaultedTimestamp;
}

/** Every operator action (migration 0022); append-only. */
export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string;
  action: string;
  target_type: string;
  target_id: string;
  reason: Generated<string>;
  created_at: DefaultedTimestamp;
}

/** One-time start-up steps done on this database (migration 0015). */
export interface StartupMarkersTable {
  name: 'seeded';
  done_at: DefaultedTimestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limit_counts: RateLimitCountsTable;
  oauth_states: OAuthStatesTable;
  google_sign_in_codes: GoogleSignInCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_tokens: EmailTokensTable;
  pending_uploads: PendingUploadsTable;
  designs: DesignsTable;
  design_files: DesignFilesTable;
  likes: LikesTable;
  follows: FollowsTable;
  username_history: UsernameHistoryTable;
  collections: CollectionsTable;
  collection_archive_grants: CollectionArchiveGrantsTable;
  design_downloads: DesignDownloadsTable;
  design_views: DesignViewsTable;
  seller_accounts: SellerAccountsTable;
  payment_customers: PaymentCustomersTable;
  subscription_plans: SubscriptionPlansTable;
  subscription_plan_collections: SubscriptionPlanCollectionsTable;
  checkout_sessions: CheckoutSessionsTable;
  purchases: PurchasesTable;
  purchase_designs: PurchaseDesignsTable;
  subscriptions: SubscriptionsTable;
  earnings: EarningsTable;
  payment_refunds: PaymentRefundsTable;
  payment_events: PaymentEventsTable;
  startup_markers: StartupMarkersTable;
  reports: ReportsTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type DesignRow = Selectable<DesignsTable>;
export type DesignFileRow = Selectable<DesignFilesTable>;
