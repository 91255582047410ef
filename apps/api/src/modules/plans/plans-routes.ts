import type { FastifyInstance } from 'fastify';
import type { PlansService } from './plans-service.ts';

type IdParams = { Params: { id: string } };

/** Subscription plans (docs/product.md#subscriptions; docs/api.md). */
export function plansRoutes(app: FastifyInstance, plans: PlansService) {
  app.get('/api/subscription-plans', async (request) => plans.mine(await request.requireViewer()));
  app.post('/api/subscription-plans', async (request, reply) => {
    const plan = await plans.create(await request.requireViewer(), request.body);
    return reply.code(201).send(plan);
  });
  app.put<IdParams>('/api/subscription-plans/:id', async (request) =>
    plans.update(await request.requireViewer(), request.params.id, request.body),
  );
  app.delete<IdParams>('/api/subscription-plans/:id', async (request) =>
    plans.delete(await request.requireViewer(), request.params.id),
  );
  app.get<{ Params: { collectionId: string } }>(
    '/api/subscription-plans/for-collection/:collectionId',
    async (request) => plans.forCollection(request.params.collectionId, await request.viewer()),
  );
}
