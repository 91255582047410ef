import { formatShortDate } from '@printmarket/shared/en-format';
import type { CollectionSummary, CollectionViewerAccess, DesignDetail } from '@printmarket/shared/types';

/** One action of the design page's side panel, in the order they show. */
export type DesignPanelAction = 'download' | 'view-collection' | 'buy' | 'paid-design';

type DesignAccess = Pick<DesignDetail, 'isPaid' | 'price' | 'canDownload' | 'canPurchase' | 'collection'>;

/**
 * What the design page offers (docs/product.md#design-page, docs/product.md#access): the download
 * when the viewer may have the files; otherwise 'Buy Model for $price' (a visitor is sent to sign
 * in first; a signed-in person only when the server says the design is for sale to them), else a
 * disabled 'Paid Design'. Within a collection the link to the collection replaces the purchase
 * button, unless the design is also sold on its own: then both show.
 */
export function designPanelActions(design: DesignAccess, signedIn: boolean): DesignPanelAction[] {
  const paid = design.isPaid && design.price > 0;
  if (design.canDownload || (!paid && !signedIn)) return ['download'];
  if (design.collection) return design.canPurchase ? ['view-collection', 'buy'] : ['view-collection'];
  if (!signedIn || design.canPurchase) return ['buy'];
  return ['paid-design'];
}

/**
 * What the collection page offers a viewer (docs/product.md#collection-pages: download, subscribe or
 * purchase).
 */
export type CollectionOffer = {
  download: boolean;
  /** 'Purchase Collection for $price'. */
  purchase: boolean;
  /** 'Subscribe', opening the plan chooser. */
  subscribe: boolean;
  /** 'Resume': the viewer's canceled subscription still runs; it is resumed, not bought again. */
  resume: boolean;
  /** Nothing to download and nothing to buy: the page says why. */
  unavailable: boolean;
  /** The viewer's subscription that covers the collection, if any. */
  subscription: CollectionViewerAccess['subscription'];
};

/**
 * Decided by the server's `access` for a signed-in viewer. A visitor has nothing the server could
 * decide yet (it answers false to both), so sees what the collection is sold for; pressing it leads
 * to sign-in first. A subscriber whose canceled subscription still runs is offered Resume, never a
 * second subscription. Without `access` (an older answer) the owner and free collections still
 * download.
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
  const subscription = access?.subscription ?? null;
  const resume = subscription?.status === 'canceled';
  return {
    download,
    purchase,
    subscribe,
    resume,
    unavailable: !download && !purchase && !subscribe && !resume,
    subscription,
  };
}

function formatDay(iso: string | null | undefined): string | null {
  const value = iso ? new Date(iso) : null;
  return value && !Number.isNaN(value.getTime()) ? formatShortDate(value) : null;
}

/**
 * The viewer's subscription in a few words, naming its plan: 'Subscribed to Maker Plan (monthly)
 * — renews Apr 9, 2026' while it renews, 'Maker Plan (monthly), canceled — Access until Apr 9,
 * 2026' once canceled (access lasts to the end of the paid term).
 */
export function subscriptionStandingText(
  subscription: CollectionViewerAccess['subscription'],
): string | null {
  if (!subscription) return null;
  const day = formatDay(subscription.endDate);
  const plan = `${subscription.planName} (${subscription.planType})`;
  if (subscription.status === 'active') {
    return `Subscribed to ${plan} — ${day ? `renews ${day}` : 'renews automatically'}`;
  }
  return `${plan}, canceled — ${day ? `Access until ${day}` : 'Access until the end of the paid term'}`;
}
