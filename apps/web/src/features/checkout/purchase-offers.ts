import type { CollectionSummary, CollectionViewerAccess, DesignDetail } from '@printmarket/shared/types';

/** One action of the design page's side panel, in the order they show. */
export type DesignPanelAction = 'download' | 'view-collection' | 'buy' | 'paid-design';

type DesignAccess = Pick<DesignDetail, 'isPaid' | 'price' | 'canDownload' | 'canPurchase' | 'collection'>;

/**
 * What the design page offers (spec sections 2 and 4): the download when the viewer may have the
 * files; otherwise 'Buy Model for $price' (a visitor is sent to sign in first; a signed-in person
 * only when the server says the design is for sale to them), else a disabled 'Paid Design'.
 * Within a collection the link to the collection replaces the purchase button, unless the design
 * is also sold on its own: then both show.
 */
export function designPanelActions(design: DesignAccess, signedIn: boolean): DesignPanelAction[] {
  const paid = design.isPaid && design.price > 0;
  if (design.canDownload || (!paid && !signedIn)) return ['download'];
  if (design.collection) return design.canPurchase ? ['view-collection', 'buy'] : ['view-collection'];
  if (!signedIn || design.canPurchase) return ['buy'];
  return ['paid-design'];
}

/** What the collection page offers a viewer (spec section 2: download, subscribe or purchase). */
export type CollectionOffer = {
  download: boolean;
  /** 'Purchase Collection for $price'. */
  purchase: boolean;
  /** 'Subscribe', opening the plan chooser. */
  subscribe: boolean;
  /** Nothing to download and nothing to buy: the page says why. */
  unavailable: boolean;
  /** The viewer's subscription that covers the collection, if any. */
  subscription: CollectionViewerAccess['subscription'];
};

/**
 * Decided by the server's `access` for a signed-in viewer. A visitor has nothing the server could
 * decide yet (it answers false to both), so sees what the collection is sold for; pressing it leads
 * to sign-in first. Someone who may download can still be offered more: a subscriber whose
 * canceled subscription is running out may subscribe again. Without `access` (an older answer)
 * the owner and free collections still download.
 */
export function collectionOffer(
  collection: Pick<CollectionSummary, 'pricing' | 'access'>,
  signedIn: boolean,
  isOwner: boolean,
): CollectionOffer {
  const { pricing, access } = collection;
  const download = isOwner || pricing.free || (access?.canDownload ?? false);
  const purchase = signedIn ? (access?.canPurchase ?? false) : !download && pricing.oneTimePurchase > 0;
  const subscribe = signedIn ? (access?.canSubscribe ?? false) : !download && pricing.subscription;
  return {
    download,
    purchase,
    subscribe,
    unavailable: !download && !purchase && !subscribe,
    subscription: access?.subscription ?? null,
  };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function formatDay(iso: string | null | undefined): string | null {
  const value = iso ? new Date(iso) : null;
  return value && !Number.isNaN(value.getTime()) ? dateFormat.format(value) : null;
}

/**
 * The viewer's subscription in a few words: 'Subscribed — renews Apr 9, 2026' while it renews,
 * 'Access until Apr 9, 2026' once canceled (access lasts to the end of the paid term).
 */
export function subscriptionStandingText(
  subscription: CollectionViewerAccess['subscription'],
): string | null {
  if (!subscription) return null;
  const day = formatDay(subscription.endDate);
  if (subscription.status === 'active') {
    return day ? `Subscribed — renews ${day}` : 'Subscribed — renews automatically';
  }
  return day ? `Access until ${day}` : 'Access until the end of the paid term';
}
