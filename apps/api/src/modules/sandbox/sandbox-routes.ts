import type { FastifyInstance } from 'fastify';
import type { SandboxService } from './sandbox-service.ts';

type SessionParams = { Params: { sessionId: string } };
type AccountParams = { Params: { accountId: string } };

/** The sandbox's checkout and onboarding pages (test mode). */
export function sandboxRoutes(app: FastifyInstance, sandbox: SandboxService) {
  const base = '/api/payments/sandbox/checkout/:sessionId';
  app.get<SessionParams>(base, async (request) =>
    sandbox.checkoutPage(await request.requireViewer(), request.params.sessionId),
  );
  app.post<SessionParams>(`${base}/pay`, async (request) =>
    sandbox.pay(await request.requireViewer(), request.params.sessionId),
  );
  app.post<SessionParams>(`${base}/cancel`, async (request) =>
    sandbox.leave(await request.requireViewer(), request.params.sessionId),
  );

  app.get<AccountParams>('/api/payments/sandbox/connect/:accountId', async (request) =>
    sandbox.onboarding(await request.requireViewer(), request.params.accountId),
  );
  app.post<AccountParams>('/api/payments/sandbox/connect/:accountId/complete', async (request) =>
    sandbox.completeOnboarding(await request.requireViewer(), request.params.accountId),
  );
}
