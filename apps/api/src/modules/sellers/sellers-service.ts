import { VERIFY_BEFORE_PAYOUTS } from '@printmarket/shared/email-verification';
import { centsToDollars } from '@printmarket/shared/money';
import type { ConnectResponse, SellerData } from '@printmarket/shared/payments';
import { mayManageOwnRecord } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { PaymentsPort } from '../payments/payments-port.ts';
import { providerCall } from '../payments/provider-call.ts';
import type { SellersRepo } from './sellers-repo.ts';

/** A seller's payouts: the connected account, its onboarding, and what they have earned. */
export class SellerService {
  constructor(
    private readonly repo: SellersRepo,
    private readonly payments: PaymentsPort,
    private readonly publicUrl: string,
  ) {}

  /** The seller's connected account, if they made one (checkouts pay into it). */
  accountOf(sellerId: string) {
    return this.repo.sellerAccount(sellerId);
  }

  /** The viewer's own connected account by its provider id (the sandbox's onboarding page). */
  async ownAccount(viewer: Viewer, providerAccountId: string) {
    const account = await this.repo.sellerAccountByProviderId(providerAccountId);
    if (!account || !mayManageOwnRecord(viewer, { holderId: account.user_id }))
      throw notFound('Account not found.', 'ACCOUNT_NOT_FOUND');
    return account;
  }

  /** GET /api/payments/payouts/seller-data. */
  async sellerData(viewer: Viewer): Promise<SellerData> {
    const [account, earnings] = await Promise.all([
      this.repo.sellerAccount(viewer.id),
      this.repo.earningsOf(viewer.id),
    ]);
    return {
      success: true,
      totalEarnings: centsToDollars(earnings.creatorCents),
      salesCount: earnings.sales,
      refundsCount: earnings.refunds,
      refundedTotal: centsToDollars(earnings.refundedCents),
      stripeAccountId: account?.provider_account_id ?? null,
      chargesEnabled: account?.charges_enabled ?? false,
      payoutsEnabled: account?.payouts_enabled ?? false,
      mode: this.payments.mode,
    };
  }

  /** POST /api/payments/stripe-connect/connect: makes the connected account once. */
  async connect(viewer: Viewer): Promise<ConnectResponse> {
    const account = await this.#account(viewer);
    return { success: true, accountId: account.provider_account_id, message: 'Payout account ready.' };
  }

  /**
   * POST /api/payments/stripe-connect/connect/onboard: onboarding while it is unfinished, the
   * account's own dashboard afterwards ('Manage Stripe Account').
   */
  async onboard(viewer: Viewer): Promise<ConnectResponse> {
    const account = await this.#account(viewer);
    const { url } = await providerCall(() =>
      account.charges_enabled
        ? this.payments.accountDashboardLink(account.provider_account_id)
        : this.payments.onboardingLink(account.provider_account_id, {
            refreshUrl: `${this.publicUrl}/seller-dashboard?onboarding=refresh`,
            returnUrl: `${this.publicUrl}/seller-dashboard?onboarding=return`,
          }),
    );
    return {
      success: true,
      url,
      accountId: account.provider_account_id,
      message: account.charges_enabled ? 'Opening your payout account.' : 'Continue onboarding.',
    };
  }

  async #account(viewer: Viewer) {
    const existing = await this.repo.sellerAccount(viewer.id);
    if (existing) return existing;
    const seller = await this.repo.sellerEmail(viewer.id);
    if (!seller) throw unauthorized();
    // Payouts and the provider's mail go to this address: its owner must have confirmed it.
    if (!seller.verified) throw conflict(VERIFY_BEFORE_PAYOUTS, 'EMAIL_NOT_VERIFIED');
    const { accountId } = await providerCall(() =>
      this.payments.createConnectedAccount({ userId: viewer.id, email: seller.email }),
    );
    const saved = await this.repo.saveSellerAccount(viewer.id, accountId);
    if (!saved) throw new Error('seller account not saved');
    return saved;
  }
}
