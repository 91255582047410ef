import type { FastifyInstance } from 'fastify';
import type { DesignEditService } from './design-edit-service.ts';

type EditParams = { Params: { id: string } };

/** The owner's edit screen. (PATCH /api/edit/{id}/files, the file changes, lives with uploads.) */
export function designEditRoutes(app: FastifyInstance, edits: DesignEditService) {
  app.get<EditParams>('/api/edit/:id', async (request) =>
    edits.read(request.params.id, await request.viewer()),
  );

  app.put<EditParams>('/api/edit/:id', async (request) =>
    edits.update(request.params.id, request.body, await request.viewer()),
  );
}
