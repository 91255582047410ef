import { feeSplit } from '@printmarket/shared/money';
import type { SandboxCheckout } from '@printmarket/shared/payments';
import type { Viewer } from '../../lib/auth-context.ts';
import { checkoutPaths } from '../payments/checkout-paths.ts';
import type { CheckoutService } from '../payments/payments-service.ts';
import type { SellerService } from '../sellers/sellers-service.ts';
import { accountReadyEvent, paymentEvents } from './sandbox-events.ts';

/** Posts signed provider events to our own webhook route, through the whole HTTP stack. */
export type DeliverEvents = (events: object[]) => Promise<void>;

/**
 * The sandbox's hosted pages (test mode): the checkout page shows what is bought and how the money
 * divides, and Pay sends the events a provider would send. Only the buyer sees their checkout, only
 * the seller their onboarding.
 */
export class SandboxService {
  constructor(
    private readonly checkout: Pick<CheckoutService, 'buyersCheckout' | 'cancel'>,
    private readonly sellers: Pick<SellerService, 'ownAccount'>,
    private readonly deliver: DeliverEvents,
  ) {}

  async checkoutPage(buyer: Viewer, sessionId: string): Promise<SandboxCheckout> {
    const session = await this.checkout.buyersCheckout(buyer, sessionId);
    const urls = checkoutUrls(session);
    return {
      sessionId,
      kind: session.kind,
      itemName: session.item_name,
      sellerUsername: session.seller_username,
      planType: session.plan_type,
      split: feeSplit(session.price_cents),
      status: session.status,
      successUrl: urls.success,
      cancelUrl: urls.cancel,
    };
  }

  async pay(buyer: Viewer, sessionId: string): Promise<{ redirectUrl: string }> {
    const session = await this.checkout.buyersCheckout(buyer, sessionId);
    // Paying twice changes nothing: the checkout is fulfilled once, whatever is delivered.
    if (session.status === 'open')
      await this.deliver(paymentEvents({ ...session, provider_session_id: sessionId }));
    return { redirectUrl: checkoutUrls(session).success };
  }

  async leave(buyer: Viewer, sessionId: string): Promise<{ redirectUrl: string }> {
    const session = await this.checkout.buyersCheckout(buyer, sessionId);
    await this.checkout.cancel(session.id);
    return { redirectUrl: checkoutUrls(session).cancel };
  }

  async onboarding(seller: Viewer, accountId: string) {
    const account = await this.sellers.ownAccount(seller, accountId);
    return { accountId: account.provider_account_id, detailsSubmitted: account.details_submitted };
  }

  async completeOnboarding(seller: Viewer, accountId: string): Promise<{ redirectUrl: string }> {
    const account = await this.sellers.ownAccount(seller, accountId);
    await this.deliver([accountReadyEvent(account.provider_account_id)]);
    return { redirectUrl: '/seller-dashboard' };
  }
}

/** Where the sandbox's checkout page sends the buyer after paying or leaving. */
function checkoutUrls(session: {
  kind: 'design' | 'collection' | 'subscription';
  provider_session_id: string | null;
  design_id: string | null;
  design_slug: string | null;
  seller_username: string;
  collection_id: string | null;
}) {
  const item = {
    kind: session.kind,
    itemId: (session.kind === 'design' ? session.design_id : session.collection_id) ?? '',
    designOwner: session.seller_username,
    designSlug: session.design_slug,
  };
  return checkoutPaths(item, session.provider_session_id ?? '');
}
