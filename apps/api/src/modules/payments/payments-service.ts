import { CURRENCY, PLATFORM_FEE_PERCENT } from '@printmarket/shared/constants';
import { feeSplit } from '@printmarket/shared/money';
import {
  type CheckoutResponse,
  type CheckoutStatus,
  collectionCheckoutSchema,
  designCheckoutSchema,
  PAYMENT_MSG,
  type PlanType,
  subscriptionCheckoutSchema,
} from '@printmarket/shared/payments';
import {
  mayBuyCollection,
  mayBuyDesign,
  mayManageOwnRecord,
  maySubscribe,
  type PurchaseDecision,
} from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/validate.ts';
import type { SellerService } from '../sellers/sellers-service.ts';
import { type CheckoutItem, checkoutPaths } from './checkout-paths.ts';
import type { PaymentsPort } from './payments-port.ts';
import type { PaymentsRepo } from './payments-repo.ts';
import { providerCall } from './provider-call.ts';

type Sale = CheckoutItem & {
  sellerId: string;
  itemName: string;
  priceCents: number;
  designId?: string;
  collectionId?: string;
  planId?: string;
  planType?: PlanType;
};

/**
 * Opens checkouts (and buyers' billing portal). Everything sold is read from our rows (price,
 * seller, what it is), checked by the access policy, and recorded as an open checkout before the
 * provider is asked; the purchase itself is made only when the provider's verified event arrives
 * (the fulfilment module).
 */
export class CheckoutService {
  constructor(
    private readonly repo: PaymentsRepo,
    private readonly payments: PaymentsPort,
    private readonly publicUrl: string,
    private readonly sellers: Pick<SellerService, 'accountOf'>,
  ) {}

  async designSession(viewer: Viewer | null, body: unknown): Promise<CheckoutResponse> {
    const buyer = signedIn(viewer);
    const { designId } = parseInput(designCheckoutSchema, body);
    const design = isUuid(designId) ? await this.repo.designForSale(designId) : undefined;
    if (!design) throw notFound('Design not found', 'DESIGN_NOT_FOUND');
    const holding = await this.repo.designHolding(buyer.id, {
      id: design.id,
      collectionId: design.collection_id,
    });
    const inCollection = design.collection_owner_id !== null;
    refuseUnless(
      mayBuyDesign(buyer, {
        ownerId: design.owner_id,
        isPaid: design.is_paid,
        archived: design.archived_at !== null,
        withheld: design.withheld_at !== null,
        priceCents: design.price_cents,
        viewerBought: holding.viewerBought,
        collection: inCollection
          ? {
              ownerId: design.collection_owner_id as string,
              visibility: design.collection_visibility ?? 'public',
              archived: design.collection_archived_at !== null,
              withheld: design.collection_withheld_at !== null,
              pricingType: design.collection_pricing_type ?? 'free',
              viewerHolding: holding.collectionHolding,
            }
          : null,
        collectionSellsDesignsSeparately: design.allow_individual_purchase ?? true,
        sellerReady: await this.repo.sellerCanSell(design.owner_id),
      }),
    );
    return this.#open(buyer, {
      kind: 'design',
      sellerId: design.owner_id,
      itemId: design.id,
      itemName: design.name,
      priceCents: design.price_cents,
      designId: design.id,
      designOwner: design.owner_username,
      designSlug: design.slug,
    });
  }

  async collectionSession(viewer: Viewer | null, body: unknown): Promise<CheckoutResponse> {
    const buyer = signedIn(viewer);
    const { collectionId } = parseInput(collectionCheckoutSchema, body);
    const collection = await this.#collection(collectionId);
    refuseUnless(
      mayBuyCollection(buyer, {
        ownerId: collection.owner_id,
        visibility: collection.visibility,
        archived: collection.archived_at !== null,
        withheld: collection.withheld_at !== null,
        pricingType: collection.pricing_type,
        priceCents: collection.price_cents,
        viewerHolding: await this.repo.collectionHolding(buyer.id, collection.id),
        sellerReady: await this.repo.sellerCanSell(collection.owner_id),
      }),
    );
    return this.#open(buyer, {
      kind: 'collection',
      sellerId: collection.owner_id,
      itemId: collection.id,
      itemName: collection.name,
      priceCents: collection.price_cents,
      collectionId: collection.id,
    });
  }

  async subscriptionSession(viewer: Viewer | null, body: unknown): Promise<CheckoutResponse> {
    const buyer = signedIn(viewer);
    const { collectionId, planId, planType } = parseInput(subscriptionCheckoutSchema, body);
    const collection = await this.#collection(collectionId);
    const plan = isUuid(planId) ? await this.repo.planCovering(planId, collection.id) : undefined;
    // A plan of another seller, or one that does not include this collection, is not on offer here.
    if (!plan || plan.seller_id !== collection.owner_id)
      throw notFound('This subscription plan does not cover the collection.', 'PLAN_NOT_FOUND');
    refuseUnless(
      maySubscribe(buyer, {
        ownerId: collection.owner_id,
        visibility: collection.visibility,
        archived: collection.archived_at !== null,
        withheld: collection.withheld_at !== null,
        pricingType: collection.pricing_type,
        viewerHolding: await this.repo.collectionHolding(buyer.id, collection.id),
        planCoversIt: true,
        sellerReady: await this.repo.sellerCanSell(collection.owner_id),
      }),
    );
    return this.#open(buyer, {
      kind: 'subscription',
      sellerId: collection.owner_id,
      itemId: collection.id,
      itemName: plan.name,
      priceCents: planType === 'yearly' ? plan.annual_price_cents : plan.monthly_price_cents,
      collectionId: collection.id,
      planId: plan.id,
      planType,
    });
  }

  /** GET /api/payments/checkout/status: what the success page shows; it only reads. */
  async status(viewer: Viewer | null, sessionId: unknown): Promise<CheckoutStatus> {
    const session = await this.buyersCheckout(signedIn(viewer), sessionId);
    return {
      sessionId,
      status: session.status,
      kind: session.kind,
      itemId: session.kind === 'design' ? session.design_id : session.collection_id,
      itemName: session.item_name,
      refunded: session.status === 'complete' && (await this.repo.wasRefunded(session.id)),
    } as CheckoutStatus;
  }

  /** POST /api/payments/billing-portal: the provider's customer portal; null in the sandbox. */
  async billingPortal(viewer: Viewer): Promise<{ url: string | null }> {
    if (this.payments.mode === 'sandbox') return { url: null };
    let customerId = await this.repo.customerOf(viewer.id);
    if (!customerId) {
      const contact = await this.repo.userContact(viewer.id);
      if (!contact) throw unauthorized();
      const made = await providerCall(() => this.payments.createCustomer({ userId: viewer.id, ...contact }));
      customerId = await this.repo.saveCustomer(viewer.id, made.customerId);
    }
    const id = customerId;
    const link = await providerCall(() => this.payments.billingPortalLink(id, `${this.publicUrl}/settings`));
    return { url: link?.url ?? null };
  }

  /** The buyer's own checkout by its provider session id; anyone else's is not found. */
  async buyersCheckout(buyer: Viewer, sessionId: unknown) {
    const session =
      typeof sessionId === 'string' && sessionId
        ? await this.repo.checkoutByProviderId(sessionId)
        : undefined;
    if (!session || !mayManageOwnRecord(buyer, { holderId: session.buyer_id }))
      throw notFound('Checkout not found.', 'CHECKOUT_NOT_FOUND');
    return session;
  }

  /** The buyer left the checkout page: the checkout can no longer complete. */
  cancel(checkoutSessionId: string): Promise<void> {
    return this.repo.cancelCheckout(checkoutSessionId);
  }

  /**
   * One open checkout per buyer and item: asking again (a second tab, a double click, another API
   * instance at the same moment) answers the same checkout page. A checkout on other terms (another
   * plan, a changed price) or about to expire is closed and a new one opened; should the old one
   * still be paid, fulfilment refunds it as a duplicate.
   */
  async #open(buyer: Viewer, sale: Sale): Promise<CheckoutResponse> {
    const account = await this.sellers.accountOf(sale.sellerId);
    if (!account) throw conflict(PAYMENT_MSG.sellerNotConnected, 'SELLER_NOT_CONNECTED');
    const contact = await this.repo.userContact(buyer.id);
    if (!contact) throw unauthorized('Please sign in again.', 'NOT_SIGNED_IN');
    const item = { buyerId: buyer.id, kind: sale.kind, itemId: sale.itemId };
    type Outcome = { opened: CheckoutResponse } | { failed: unknown };
    const outcome = await this.repo.lockedForItem(item, async (repo): Promise<Outcome> => {
      const open = await repo.openCheckoutOf(item);
      if (open?.url && open.provider_session_id && sameTerms(open, sale) && stillOpen(open.expires_at))
        return { opened: { url: open.url, sessionId: open.provider_session_id } };
      if (open) await repo.cancelCheckout(open.id);
      const checkoutSessionId = await repo.openCheckout({
        buyer_id: buyer.id,
        seller_id: sale.sellerId,
        kind: sale.kind,
        design_id: sale.designId ?? null,
        collection_id: sale.collectionId ?? null,
        plan_id: sale.planId ?? null,
        plan_type: sale.planType ?? null,
        item_name: sale.itemName,
        price_cents: sale.priceCents,
        currency: CURRENCY,
      });
      try {
        const customerId = await this.#customer(repo, buyer.id, contact);
        // Stripe fills in its session id; the sandbox builds the same paths from the checkout row.
        const paths = checkoutPaths(sale, '{CHECKOUT_SESSION_ID}');
        const session = await this.payments.createCheckout({
          checkoutSessionId,
          kind: sale.kind,
          itemName: sale.itemName,
          priceCents: sale.priceCents,
          currency: CURRENCY,
          planType: sale.planType ?? null,
          applicationFeeCents: feeSplit(sale.priceCents).platformCents,
          applicationFeePercent: PLATFORM_FEE_PERCENT,
          sellerAccountId: account.provider_account_id,
          customerId,
          buyerEmail: contact.email,
          successUrl: `${this.publicUrl}${paths.success}`,
          cancelUrl: `${this.publicUrl}${paths.cancel}`,
        });
        await repo.setProviderSession(checkoutSessionId, session);
        return { opened: { url: session.url, sessionId: session.providerSessionId } };
      } catch (err) {
        // Kept, closed: the attempt stays on record and no longer blocks the next one.
        await repo.cancelCheckout(checkoutSessionId);
        return { failed: err };
      }
    });
    if ('opened' in outcome) return outcome.opened;
    if (outcome.failed instanceof AppError) throw outcome.failed;
    throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', PAYMENT_MSG.checkoutSessionFailed, {
      cause: outcome.failed,
    });
  }

  async #customer(repo: PaymentsRepo, userId: string, contact: { email: string; name: string }) {
    const known = await repo.customerOf(userId);
    if (known) return known;
    const { customerId } = await this.payments.createCustomer({ userId, ...contact });
    return repo.saveCustomer(userId, customerId);
  }

  async #collection(collectionId: string) {
    const collection = isUuid(collectionId) ? await this.repo.collectionForSale(collectionId) : undefined;
    if (!collection) throw notFound('Collection not found.', 'COLLECTION_NOT_FOUND');
    return collection;
  }
}

/** A checkout page handed out again must take payment for a while yet. */
const REUSE_MARGIN_MS = 30 * 60_000;

function stillOpen(expiresAt: Date | null): boolean {
  return expiresAt === null || expiresAt.getTime() > Date.now() + REUSE_MARGIN_MS;
}

function sameTerms(
  open: { price_cents: number; plan_id: string | null; plan_type: PlanType | null },
  sale: Sale,
): boolean {
  return (
    open.price_cents === sale.priceCents &&
    open.plan_id === (sale.planId ?? null) &&
    open.plan_type === (sale.planType ?? null)
  );
}

function signedIn(viewer: Viewer | null): Viewer {
  if (!viewer) throw unauthorized('Please sign in to purchase.', 'NOT_SIGNED_IN');
  return viewer;
}

/** The policy's refusals as the API's answers: each a clear 4xx. */
export function refuseUnless(decision: PurchaseDecision): void {
  if (decision.allowed) return;
  switch (decision.reason) {
    case 'sign-in':
      throw unauthorized('Please sign in to purchase.', 'NOT_SIGNED_IN');
    case 'own-item':
      throw forbidden(PAYMENT_MSG.ownItem, 'OWN_ITEM');
    case 'already-owned':
      throw conflict(PAYMENT_MSG.alreadyOwned, 'ALREADY_OWNED');
    case 'resume-instead':
      throw conflict(PAYMENT_MSG.resumeInstead, 'RESUME_INSTEAD');
    case 'seller-not-ready':
      throw conflict(PAYMENT_MSG.sellerNotConnected, 'SELLER_NOT_CONNECTED');
    case 'not-for-sale':
      throw badRequest(PAYMENT_MSG.notForSale, 'NOT_FOR_SALE');
  }
}
