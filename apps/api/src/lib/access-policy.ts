import type { CollectionHolding } from '../db/entitlements.ts';
import type { Viewer } from './auth-context.ts';

/**
 * The one place that answers "may this person see, download, buy or change this?". Routes and
 * services ask here and act on the answer; nothing else decides access.
 *
 * Designs are public to see. A design's files go to its owner, and to signed-in people when it is
 * free, when they bought it (on its own or in a collection purchase's snapshot), or when its
 * collection's access covers it. A collection's access: free, bought, or a live subscription
 * (renewing, or canceled with time left). Private collections are the owner's alone; only owners
 * change things. An archived collection is no longer shown or sold: only its owner and those who
 * hold it (buyers for good, subscribers for the period that was running when it was archived) see
 * and download it. An archived design (its owner deleted the account) likewise: its page and files
 * are its holders' alone, free or not, and it is sold no more. A withheld design or collection
 * (operators took it down, or suspended its owner) is its owner's and the operators' alone: to
 * everyone else, holders included, it does not exist, and nobody buys it. The facts (what the
 * viewer holds) are read by db/entitlements.ts.
 */

export type DesignAccessFacts = {
  ownerId: string;
  isPaid: boolean;
  /** The collection the design belongs to, if any: its access covers the design. */
  collection?: CollectionAccessFacts | null;
  /** The viewer bought the design, on its own or in a collection purchase that included it. */
  viewerBought?: boolean;
  /** No longer shown or sold (its owner deleted the account); kept for those who hold it. */
  archived?: boolean;
  /** Taken down, or its owner suspended: its owner's and the operators' alone. */
  withheld?: boolean;
};

export type DownloadDecision =
  | { allowed: true }
  | { allowed: false; reason: 'sign-in' }
  | { allowed: false; reason: 'purchase-required' };

export function isOwner(viewer: Viewer | null, ownerId: string): boolean {
  return viewer !== null && viewer.id === ownerId;
}

/**
 * Who still reaches withheld content (taken down, or its owner suspended): its owner, and the
 * operators who judge it. Lists that may hold withheld designs (a collection's) ask this.
 */
export function mayReachWithheld(viewer: Viewer | null, ownerId: string): boolean {
  return isOwner(viewer, ownerId) || viewer?.isOperator === true;
}

export function mayChangeDesign(viewer: Viewer | null, design: DesignAccessFacts): boolean {
  return isOwner(viewer, design.ownerId);
}

export function mayDownloadDesign(viewer: Viewer | null, design: DesignAccessFacts): DownloadDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (design.withheld)
    return mayReachWithheld(viewer, design.ownerId)
      ? { allowed: true }
      : { allowed: false, reason: 'purchase-required' };
  if (isOwner(viewer, design.ownerId) || design.viewerBought) return { allowed: true };
  if (!design.isPaid && !design.archived) return { allowed: true };
  if (design.collection && mayDownloadCollection(viewer, design.collection).allowed) return { allowed: true };
  return { allowed: false, reason: 'purchase-required' };
}

/**
 * A design's page: everyone's, unless it is archived (then its owner's and its holders') or
 * withheld (its owner's and the operators').
 */
export function mayViewDesign(viewer: Viewer | null, design: DesignAccessFacts): boolean {
  if (design.withheld) return mayReachWithheld(viewer, design.ownerId);
  return !design.archived || mayDownloadDesign(viewer, design).allowed;
}

/**
 * Looking at a model in the 3D viewer streams the whole file to the browser, so for a paid design
 * it is as good as a download: only those who may download may view. Free models are shown to
 * everyone, visitors included, as the design page invites them to look before signing up.
 */
export function mayViewModel(viewer: Viewer | null, design: DesignAccessFacts): DownloadDecision {
  if (!design.isPaid && !design.archived && !design.withheld) return { allowed: true };
  return mayDownloadDesign(viewer, design);
}

export type CollectionVisibilityFacts = {
  ownerId: string;
  visibility: 'public' | 'private';
  /** The owner archived it: gone from listings and sales, kept for those who hold it. */
  archived: boolean;
  /** Its owner is suspended: its owner's and the operators' alone. */
  withheld?: boolean;
  /** What the viewer holds of it; absent means nothing. */
  viewerHolding?: CollectionHolding;
};

/**
 * A private collection, its name included, is its owner's business alone. An archived one is its
 * owner's and its holders' (they reach its page and downloads); to anyone else it is gone.
 */
export function mayViewCollection(viewer: Viewer | null, collection: CollectionVisibilityFacts): boolean {
  if (isOwner(viewer, collection.ownerId)) return true;
  if (collection.withheld) return mayReachWithheld(viewer, collection.ownerId);
  if (collection.archived) return holds(collection.viewerHolding);
  return collection.visibility === 'public';
}

/**
 * The collections anyone at all may see (signed out, holding nothing): public and not archived,
 * exactly those mayViewCollection lets a null viewer see (a test checks every case). Listings for
 * everyone that are filtered in SQL (the sitemaps) filter on this. Designs and profiles have no
 * such condition: every one is public to see.
 */
export const COLLECTIONS_SEEN_BY_ANYONE = {
  visibility: 'public',
  archived: false,
  withheld: false,
} as const satisfies Required<Pick<CollectionVisibilityFacts, 'visibility' | 'archived' | 'withheld'>>;

/** Only the owner edits, prices, deletes, archives, re-covers and fills a collection. */
export function mayChangeCollection(viewer: Viewer | null, collection: { ownerId: string }): boolean {
  return isOwner(viewer, collection.ownerId);
}

export type DeleteCollectionDecision =
  | { allowed: true }
  | { allowed: false; reason: 'not-owner' }
  | { allowed: false; reason: 'held'; buyers: number; activeSubscribers: number };

/**
 * Deleting is the owner's, and only while nobody holds the collection: what people paid for stays
 * theirs, so a collection with buyers or live subscribers can only be archived.
 */
export function mayDeleteCollection(
  viewer: Viewer | null,
  collection: { ownerId: string; buyers: number; activeSubscribers: number },
): DeleteCollectionDecision {
  if (!isOwner(viewer, collection.ownerId)) return { allowed: false, reason: 'not-owner' };
  const { buyers, activeSubscribers } = collection;
  if (buyers > 0 || activeSubscribers > 0)
    return { allowed: false, reason: 'held', buyers, activeSubscribers };
  return { allowed: true };
}

export type CollectionAccessFacts = CollectionVisibilityFacts & {
  pricingType: 'free' | 'oneTime' | 'subscription';
};

/**
 * A collection's files: the owner always; anyone signed in when it is free and they may see it;
 * whoever bought it or has a live subscription covering it (even if it went private since: they
 * paid for it).
 */
export function mayDownloadCollection(
  viewer: Viewer | null,
  collection: CollectionAccessFacts,
): DownloadDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (collection.withheld)
    return mayReachWithheld(viewer, collection.ownerId)
      ? { allowed: true }
      : { allowed: false, reason: 'purchase-required' };
  if (isOwner(viewer, collection.ownerId)) return { allowed: true };
  if (collection.pricingType === 'free' && mayViewCollection(viewer, collection)) return { allowed: true };
  if (holds(collection.viewerHolding)) return { allowed: true };
  return { allowed: false, reason: 'purchase-required' };
}

function holds(holding: CollectionHolding | undefined): boolean {
  return holding !== undefined && (holding.purchased || holding.subscription !== null);
}

export type PurchaseDecision =
  | { allowed: true }
  | {
      allowed: false;
      reason:
        | 'sign-in'
        | 'own-item'
        | 'already-owned'
        | 'resume-instead'
        | 'not-for-sale'
        | 'seller-not-ready';
    };

export type DesignSaleFacts = DesignAccessFacts & {
  priceCents: number;
  /** A paid collection may sell its designs only as a whole. */
  collectionSellsDesignsSeparately: boolean;
  /** The seller's payout account can take payments. */
  sellerReady: boolean;
};

/** Buying a design on its own: paid, someone else's, not already theirs, sold separately. */
export function mayBuyDesign(viewer: Viewer | null, design: DesignSaleFacts): PurchaseDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (isOwner(viewer, design.ownerId)) return { allowed: false, reason: 'own-item' };
  if (design.archived || design.withheld || !design.isPaid || design.priceCents <= 0)
    return { allowed: false, reason: 'not-for-sale' };
  if (mayDownloadDesign(viewer, design).allowed) return { allowed: false, reason: 'already-owned' };
  const inPaidCollection = design.collection != null && design.collection.pricingType !== 'free';
  if (inPaidCollection && !design.collectionSellsDesignsSeparately)
    return { allowed: false, reason: 'not-for-sale' };
  if (!design.sellerReady) return { allowed: false, reason: 'seller-not-ready' };
  return { allowed: true };
}

export type CollectionSaleFacts = CollectionAccessFacts & { priceCents: number; sellerReady: boolean };

/** A one-time purchase of a collection the viewer may see and has not bought. */
export function mayBuyCollection(viewer: Viewer | null, collection: CollectionSaleFacts): PurchaseDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (isOwner(viewer, collection.ownerId)) return { allowed: false, reason: 'own-item' };
  if (
    collection.archived ||
    collection.withheld ||
    collection.pricingType !== 'oneTime' ||
    collection.priceCents <= 0 ||
    !mayViewCollection(viewer, collection)
  )
    return { allowed: false, reason: 'not-for-sale' };
  if (collection.viewerHolding?.purchased) return { allowed: false, reason: 'already-owned' };
  if (!collection.sellerReady) return { allowed: false, reason: 'seller-not-ready' };
  return { allowed: true };
}

/**
 * Subscribing through one of the seller's plans that covers the collection (an archived one is
 * covered by no plan for new subscribers, so a plan of archived collections only sells nothing).
 * One running subscription at a time: a canceled one still running is resumed, never bought a
 * second time.
 */
export function maySubscribe(
  viewer: Viewer | null,
  collection: CollectionAccessFacts & { sellerReady: boolean; planCoversIt: boolean },
): PurchaseDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (isOwner(viewer, collection.ownerId)) return { allowed: false, reason: 'own-item' };
  if (
    collection.archived ||
    collection.withheld ||
    collection.pricingType === 'free' ||
    !collection.planCoversIt ||
    !mayViewCollection(viewer, collection)
  )
    return { allowed: false, reason: 'not-for-sale' };
  if (collection.viewerHolding?.subscription?.status === 'canceled')
    return { allowed: false, reason: 'resume-instead' };
  if (holds(collection.viewerHolding)) return { allowed: false, reason: 'already-owned' };
  if (!collection.sellerReady) return { allowed: false, reason: 'seller-not-ready' };
  return { allowed: true };
}

/** What a paid checkout would give the buyer, with what they hold of it at that moment. */
export type PaidSaleFacts =
  | { kind: 'design'; viewerBought: boolean; collectionHolding: CollectionHolding }
  | { kind: 'collection' | 'subscription'; holding: CollectionHolding };

/**
 * Whether a payment that arrives is for something the buyer already holds (a second checkout paid,
 * or one paid after access came another way). Such a payment is refunded, never fulfilled twice.
 * The same holdings as the refusals above: a design bought or covered by its collection's purchase
 * or subscription; a collection bought; any live subscription covering it (canceled ones included).
 */
export function paysForHeldItem(sale: PaidSaleFacts): boolean {
  switch (sale.kind) {
    case 'design':
      return sale.viewerBought || holds(sale.collectionHolding);
    case 'collection':
      return sale.holding.purchased;
    case 'subscription':
      return holds(sale.holding);
  }
}

/** Resuming a canceled subscription: its subscriber, while it still runs. */
export function mayResumeSubscription(
  viewer: Viewer | null,
  subscription: { holderId: string; status: 'active' | 'canceled' | 'ended'; endDate: Date },
  now: Date,
): { allowed: true } | { allowed: false; reason: 'not-found' | 'not-resumable' } {
  if (!mayManageOwnRecord(viewer, subscription)) return { allowed: false, reason: 'not-found' };
  if (subscription.status !== 'canceled' || subscription.endDate <= now)
    return { allowed: false, reason: 'not-resumable' };
  return { allowed: true };
}

/** Cancelling a subscription, and reading a checkout: the person it belongs to, no one else. */
export function mayManageOwnRecord(viewer: Viewer | null, record: { holderId: string }): boolean {
  return viewer !== null && viewer.id === record.holderId;
}

export type FollowDecision = { allowed: true } | { allowed: false; reason: 'sign-in' | 'self' };

/** Following (and unfollowing) needs a signed-in person, and nobody follows themselves. */
export function mayFollow(viewer: Viewer | null, targetUserId: string): FollowDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (viewer.id === targetUserId) return { allowed: false, reason: 'self' };
  return { allowed: true };
}

export type OperatorDecision = { allowed: true } | { allowed: false; reason: 'sign-in' | 'not-operator' };

/** The operator's console and every /api/admin call: operators only (lib/operators.ts). */
export function mayOperate(viewer: Viewer | null): OperatorDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  return viewer.isOperator === true ? { allowed: true } : { allowed: false, reason: 'not-operator' };
}
