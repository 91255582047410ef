/** The texts around buying and cancelling (docs/product.md#payment-messages). */
export const PAYMENT_MSG = {
  checkoutFailed: 'Checkout failed',
  checkoutSessionFailed: 'Checkout session failed',
  initiateFailed: 'Failed to initiate purchase. Please try again.',
  noCheckoutUrl: 'No checkout URL returned from server.',
  signInToPurchaseDesign: 'Please sign in to purchase this design.',
  signInToPurchaseCollection: 'Please sign in to purchase this collection.',
  cancelFailed: 'Failed to cancel subscription',
  cancelSuccess: 'Subscription canceled successfully! You still have access until it expires.',
  processing: 'Processing your purchase...',
  missingDetails: 'Missing purchase details. Please contact support.',
  complete: 'Purchase complete! Here is your new item:',
  ownItem: 'You cannot buy your own item.',
  alreadyOwned: 'You already own this item.',
  resumeInstead:
    'Your canceled subscription still gives you access. Resume it instead of subscribing again: nothing is charged until it renews.',
  resumeFailed: 'Failed to resume subscription',
  resumeSuccess: 'Subscription resumed. It renews at the end of the current term.',
  refundedDuplicate: 'You already had this item, so this payment was refunded in full.',
  notResumable: 'Only a canceled subscription that has not run out yet can be resumed.',
  sellerNotConnected: 'This creator cannot take payments yet.',
  notForSale: 'This item is not for sale.',
} as const;
