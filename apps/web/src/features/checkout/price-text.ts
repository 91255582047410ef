import { formatDollars } from '@printmarket/shared/money';

/** The design page's purchase button (docs/product.md#design-page). */
export function buyDesignLabel(price: number): string {
  return `Buy Model for ${formatDollars(price)}`;
}

/** The collection page's purchase button. */
export function purchaseCollectionLabel(price: number): string {
  return `Purchase Collection for ${formatDollars(price)}`;
}

/** What a button says while its checkout is being opened. */
export const STARTING_CHECKOUT = 'Starting checkout...';
