import { centsToDollars } from '@printmarket/shared/money';
import type { ConnectResponse, SellerData } from '@printmarket/shared/payments';
import type { Viewer } from '../../lib/auth-context.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { PaymentsPort } from './payments-port.ts';
import type { PaymentsRepo } from './payments-repo.ts';

/** A seller's payouts: the connected account, its onboarding, and what they have earned. */
export class SellerService {
  constructor(
    private readonly repo: PaymentsRepo,
    private readonly payments: PaymentsPort,
    private readonly publicUrl: string,
  ) {}

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
    const { url } = await this.#provider(() =>
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

  /** POST /api/payments/billing-portal: the provider's customer portal; null in the sandbox. */
  async billingPortal(viewer: Viewer): Promise<{ url: string | null }> {
    if (this.payments.mode === 'sandbox') return { url: null };
    let customerId = await this.repo.customerOf(viewer.id);
    if (!customerId) {
      const contact = await this.repo.userContact(viewer.id);
      if (!contact) throw unauthorized();
      const made = await this.#provider(() =>
        this.payments.createCustomer({ userId: viewer.id, ...contact }),
      );
      customerId = await this.repo.saveCustomer(viewer.id, made.customerId);
    }
    const id = customerId;
    const link = await this.#provider(() =>
      this.payments.billingPortalLink(id, `${this.publicUrl}/settings`),
    );
    return { url: link?.url ?? null };
  }

  async #account(viewer: Viewer) {
    const existing = await this.repo.sellerAccount(viewer.id);
    if (existing) return existing;
    const contact = await this.repo.userContact(viewer.id);
    if (!contact) throw unauthorized();
    const { accountId } = await this.#provider(() =>
      this.payments.createConnectedAccount({ userId: viewer.id, email: contact.email }),
    );
    const saved = await this.repo.saveSellerAccount(viewer.id, accountId);
    if (!saved) throw new Error('seller account not saved');
    return saved;
  }

  /** A provider failure is a 502 with a plain message; its details go to the logs. */
  async #provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached.', {
        cause: err,
      });
    }
  }
}
