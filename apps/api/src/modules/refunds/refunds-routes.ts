import type { FastifyInstance } from 'fastify';
import { operatorRoutes } from '../../lib/operator-scope.ts';
import type { RefundsService } from './refunds-service.ts';

type IdParams = { Params: { id: string } };

/** Finding purchases and refunding them (docs/api.md); operators only (lib/operator-scope.ts). */
export async function refundsRoutes(app: FastifyInstance, refunds: RefundsService) {
  await operatorRoutes(app, (scope) => {
    scope.get('/api/admin/purchases', async (request) => refunds.search(request.query));
    scope.post<IdParams>('/api/admin/purchases/:id/refund', async (request) =>
      refunds.refund(await request.requireViewer(), request.params.id, request.body),
    );
    scope.post<IdParams>('/api/admin/designs/:id/refund-buyers', async (request) =>
      refunds.refundBuyers(await request.requireViewer(), request.params.id, request.body),
    );
  });
}
