/** What a checkout sold, as far as the pages a buyer returns to need it. */
export type CheckoutItem = {
  kind: 'design' | 'collection' | 'subscription';
  /** The design (design checkouts) or the collection (collection and subscription checkouts). */
  itemId: string;
  /** Design checkouts: where the design's page is. */
  designOwner?: string | null;
  designSlug?: string | null;
};

/**
 * Where a buyer lands after a checkout, in the app: the success page (named by the provider's
 * session id; Stripe's `{CHECKOUT_SESSION_ID}` placeholder is kept as it is) or back at the item.
 */
export function checkoutPaths(item: CheckoutItem, sessionId: string) {
  const query = new URLSearchParams({ purchaseType: item.kind, itemId: item.itemId });
  return {
    success: `/payment-success?${query}&session_id=${sessionId}`,
    cancel:
      item.kind === 'design'
        ? `/design/${encodeURIComponent(item.designOwner ?? '')}/${encodeURIComponent(item.designSlug ?? '')}`
        : `/collection/${item.itemId}`,
  };
}
