import { feeSplit } from '@printmarket/shared/money';
import type { SandboxCheckout } from '@printmarket/shared/payments';
import type { FastifyInstance } from 'fastify';
import { mayManageOwnRecord } from '../../lib/access-policy.ts';
import type { Viewer } from '../../lib/auth-context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { checkoutPaths } from './checkout-paths.ts';
import type { PaymentsRepo } from './payments-repo.ts';
import type { SandboxPayments } from './sandbox-adapter.ts';
import { accountReadyEvent, paymentEvents } from './sandbox-events.ts';
import { WEBHOOK_PATH } from './webhook-route.ts';

type SessionParams = { Params: { sessionId: string } };
type AccountParams = { Params: { accountId: string } };

/**
 * The sandbox's hosted pages (test mode): the checkout page shows what is bought and how the
 * money divides, and Pay makes the server post the signed events a provider would send to our
 * own webhook route, through the whole HTTP stack. Only the buyer sees their checkout, only the
 * seller their onboarding.
 */
export function sandboxRoutes(app: FastifyInstance, deps: { repo: PaymentsRepo; sandbox: SandboxPayments }) {
  const { repo, sandbox } = deps;

  const deliver = async (events: object[]) => {
    for (const event of events) {
      const payload = JSON.stringify(event);
      const response = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': sandbox.sign(payload) },
        payload,
      });
      if (response.statusCode !== 200)
        throw new AppError(502, 'WEBHOOK_FAILED', 'The payment could not be recorded. Please try again.');
    }
  };

  const buyersCheckout = async (viewer: Viewer, sessionId: string) => {
    const session = await repo.checkoutByProviderId(sessionId);
    if (!session || !mayManageOwnRecord(viewer, { holderId: session.buyer_id }))
      throw notFound('Checkout not found.', 'CHECKOUT_NOT_FOUND');
    return session;
  };

  const base = '/api/payments/sandbox/checkout/:sessionId';
  app.get<SessionParams>(base, async (request): Promise<SandboxCheckout> => {
    const session = await buyersCheckout(await request.requireViewer(), request.params.sessionId);
    const urls = checkoutUrls(session);
    return {
      sessionId: request.params.sessionId,
      kind: session.kind,
      itemName: session.item_name,
      sellerUsername: session.seller_username,
      planType: session.plan_type,
      split: feeSplit(session.price_cents),
      status: session.status,
      successUrl: urls.success,
      cancelUrl: urls.cancel,
    };
  });

  app.post<SessionParams>(`${base}/pay`, async (request) => {
    const session = await buyersCheckout(await request.requireViewer(), request.params.sessionId);
    // Paying twice changes nothing: the checkout is fulfilled once, whatever is delivered.
    if (session.status === 'open')
      await deliver(paymentEvents({ ...session, provider_session_id: request.params.sessionId }));
    return { redirectUrl: checkoutUrls(session).success };
  });

  app.post<SessionParams>(`${base}/cancel`, async (request) => {
    const session = await buyersCheckout(await request.requireViewer(), request.params.sessionId);
    await repo.cancelCheckout(session.id);
    return { redirectUrl: checkoutUrls(session).cancel };
  });

  const sellersAccount = async (viewer: Viewer, accountId: string) => {
    const account = await repo.sellerAccountById(accountId);
    if (!account || !mayManageOwnRecord(viewer, { holderId: account.user_id }))
      throw notFound('Account not found.', 'ACCOUNT_NOT_FOUND');
    return account;
  };

  app.get<AccountParams>('/api/payments/sandbox/connect/:accountId', async (request) => {
    const account = await sellersAccount(await request.requireViewer(), request.params.accountId);
    return { accountId: account.provider_account_id, detailsSubmitted: account.details_submitted };
  });

  app.post<AccountParams>('/api/payments/sandbox/connect/:accountId/complete', async (request) => {
    const account = await sellersAccount(await request.requireViewer(), request.params.accountId);
    await deliver([accountReadyEvent(account.provider_account_id)]);
    return { redirectUrl: '/seller-dashboard' };
  });
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
