import type { Viewer } from './auth-context.ts';

/**
 * The one place that answers "may this person see, download or change this?". Routes and services
 * ask here and act on the answer; nothing else decides access.
 *
 * Today: designs are public to see; their files go to signed-in people when the design is free,
 * and to the owner alone when it is paid (purchases and collection access join in later issues).
 */

export type DesignAccessFacts = { ownerId: string; isPaid: boolean };

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
