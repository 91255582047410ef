const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price as the API gives it, in US dollars: 4.5 -> '$4.50'. */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}

/** The design page's purchase button (spec section 4). */
export function buyDesignLabel(price: number): string {
  return `Buy Model for ${formatDollars(price)}`;
}

/** The collection page's purchase button. */
export function purchaseCollectionLabel(price: number): string {
  return `Purchase Collection for ${formatDollars(price)}`;
}

/** What a button says while its checkout is being opened. */
export const STARTING_CHECKOUT = 'Starting checkout...';
