import type { CheckoutStatus } from '@printmarket/shared/payments';
import type { CollectionSummary, DesignDetail } from '@printmarket/shared/types';

export const PURCHASE_TYPES = ['design', 'collection', 'subscription'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

/** What the checkout's success address carries (`/payment-success?purchaseType=&itemId=&session_id=`). */
export type SuccessDetails = { purchaseType: PurchaseType; itemId: string; sessionId: string };

/** The success address's details, or null when any is missing (or the type is not one we sell). */
export function parseSuccessParams(params: URLSearchParams): SuccessDetails | null {
  const purchaseType = params.get('purchaseType')?.trim() ?? '';
  const itemId = params.get('itemId')?.trim() ?? '';
  const sessionId = params.get('session_id')?.trim() ?? '';
  if (!itemId || !sessionId) return null;
  if (!(PURCHASE_TYPES as readonly string[]).includes(purchaseType)) return null;
  return { purchaseType: purchaseType as PurchaseType, itemId, sessionId };
}

/** The page asks every second... */
export const POLL_INTERVAL_MS = 1000;
/**
 * ...for about half a minute. A payment event normally arrives within seconds; after this the
 * page stops waiting and says where the purchase will show once confirmed.
 */
export const POLL_LIMIT_MS = 30_000;

export type PollOutcome = 'waiting' | 'complete' | 'fallback';

/**
 * Where the success page stands: complete once the server recorded the payment; the fallback when
 * the checkout was canceled, the status call failed, or the time ran out; else still waiting.
 */
export function pollOutcome(state: {
  status: CheckoutStatus['status'] | undefined;
  failed: boolean;
  timedOut: boolean;
}): PollOutcome {
  if (state.status === 'complete') return 'complete';
  if (state.status === 'canceled' || state.failed || state.timedOut) return 'fallback';
  return 'waiting';
}

/** docs/product.md#limits-and-constants: a collection purchase preview shows up to 4 designs. */
export const PURCHASE_PREVIEW_DESIGNS = 4;

export type PreviewImage = { key: string; url: string | null; caption: string | null };
export type PurchasedItem = { name: string; path: string; images: PreviewImage[] };

/** A bought design: its name, its page and its pictures (or its model's rendered previews). */
export function designItem(design: DesignDetail): PurchasedItem {
  const pictures = design.files
    .filter((file) => file.type === 'image')
    .map((file) => ({ key: file.id, url: file.cardUrl ?? file.url, caption: null }));
  const renders = design.files
    .filter((file) => file.type === 'stl' && (file.previewCardUrl || file.previewUrl))
    .map((file) => ({ key: file.id, url: file.previewCardUrl ?? file.previewUrl ?? null, caption: null }));
  return {
    name: design.name,
    path: `/design/${encodeURIComponent(design.user.username)}/${encodeURIComponent(design.slug)}`,
    images: (pictures.length > 0 ? pictures : renders).slice(0, PURCHASE_PREVIEW_DESIGNS),
  };
}

/** A bought (or subscribed) collection: up to 4 of its designs, each by its first picture. */
export function collectionItem(collection: CollectionSummary): PurchasedItem {
  return {
    name: collection.name,
    path: `/collection/${encodeURIComponent(collection.id)}`,
    images: collection.designs.slice(0, PURCHASE_PREVIEW_DESIGNS).map((design) => ({
      key: design.id,
      url: design.files.find((file) => file.type === 'image')?.url ?? null,
      caption: design.name,
    })),
  };
}
