import type { FastifyInstance } from 'fastify';
import type { FulfilmentService } from './fulfilment-service.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';

/**
 * POST /api/payments/webhook. The signature is checked on the exact bytes received, so this route
 * (in its own plugin scope) keeps the body raw instead of parsing JSON.
 */
export function fulfilmentRoutes(app: FastifyInstance, fulfilment: FulfilmentService) {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(WEBHOOK_PATH, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const { event, result } = await fulfilment.receive(
        raw,
        typeof header === 'string' ? header : undefined,
      );
      request.log.info({ eventId: event.eventId, type: event.type, result }, 'payment event');
      return { received: true, result };
    });
  });
}
