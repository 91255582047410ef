import type { Viewer } from './auth-context.ts';

/**
 * The one place that answers "may this person see, download or change this?". Routes and services
 * ask here and act on the answer; nothing else decides access.
 *
 * Today: designs are public to see; their files go to signed-in people when the design is free
 * or its collection grants access (a free collection), and otherwise to the owner alone (purchases
 * join in with payments). Collections: private ones are the owner's alone; only the owner changes.
 */

export type DesignAccessFacts = {
  ownerId: string;
  isPaid: boolean;
  /** The collection the design belongs to, if any: its access covers the design. */
  collection?: CollectionAccessFacts | null;
};

export type DownloadDecision =
  | { allowed: true }
  | { allowed: false; reason: 'sign-in' }
  | { allowed: false; reason: 'purchase-required' };

export function isOwner(viewer: Viewer | null, ownerId: string): boolean {
  return viewer !== null && viewer.id === ownerId;
}

export function mayChangeDesign(viewer: Viewer | null, design: DesignAccessFacts): boolean {
  return isOwner(viewer, design.ownerId);
}

export function mayDownloadDesign(viewer: Viewer | null, design: DesignAccessFacts): DownloadDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (isOwner(viewer, design.ownerId) || !design.isPaid) return { allowed: true };
  if (design.collection && mayDownloadCollection(viewer, design.collection).allowed) return { allowed: true };
  return { allowed: false, reason: 'purchase-required' };
}

/**
 * Looking at a model in the 3D viewer streams the whole file to the browser, so for a paid design
 * it is as good as a download: only those who may download may view. Free models are shown to
 * everyone, visitors included, as the design page invites them to look before signing up.
 */
export function mayViewModel(viewer: Viewer | null, design: DesignAccessFacts): DownloadDecision {
  if (!design.isPaid) return { allowed: true };
  return mayDownloadDesign(viewer, design);
}

export type CollectionVisibilityFacts = { ownerId: string; visibility: 'public' | 'private' };

/** A private collection, its name included, is its owner's business alone. */
export function mayViewCollection(viewer: Viewer | null, collection: CollectionVisibilityFacts): boolean {
  return collection.visibility === 'public' || isOwner(viewer, collection.ownerId);
}

/** Only the owner edits, prices, deletes, re-covers and fills a collection. */
export function mayChangeCollection(viewer: Viewer | null, collection: { ownerId: string }): boolean {
  return isOwner(viewer, collection.ownerId);
}

export type CollectionAccessFacts = CollectionVisibilityFacts & {
  pricingType: 'free' | 'oneTime' | 'subscription';
};

/**
 * A collection's files: the owner always; anyone signed in when it is free and they may see it.
 * Paid collections (one-time or subscription) need a purchase, which arrives with payments.
 */
export function mayDownloadCollection(
  viewer: Viewer | null,
  collection: CollectionAccessFacts,
): DownloadDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (isOwner(viewer, collection.ownerId)) return { allowed: true };
  if (collection.pricingType === 'free' && mayViewCollection(viewer, collection)) return { allowed: true };
  return { allowed: false, reason: 'purchase-required' };
}

export type FollowDecision = { allowed: true } | { allowed: false; reason: 'sign-in' | 'self' };

/** Following (and unfollowing) needs a signed-in person, and nobody follows themselves. */
export function mayFollow(viewer: Viewer | null, targetUserId: string): FollowDecision {
  if (!viewer) return { allowed: false, reason: 'sign-in' };
  if (viewer.id === targetUserId) return { allowed: false, reason: 'self' };
  return { allowed: true };
}
