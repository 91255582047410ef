import type { FastifyInstance } from 'fastify';
import { receiveMultipart } from '../../lib/multipart.ts';
import type { DesignUploadService } from './uploads-service.ts';

export function designUploadRoutes(app: FastifyInstance, uploads: DesignUploadService, tempDir: string) {
  app.post('/api/designs/upload', async (request, reply) => {
    const viewer = await request.requireViewer();
    const body = await receiveMultipart(
      request,
      tempDir,
      { files: uploads.fileRule() },
      { beforeFile: uploads.checkFieldsBeforeFile },
    );
    try {
      return reply.code(201).send(await uploads.create(viewer, body));
    } finally {
      await body.cleanup();
    }
  });

  app.patch<{ Params: { id: string } }>('/api/edit/:id/files', async (request) => {
    const viewer = await request.requireViewer();
    // Before reading the body: a stranger's files are refused without being received.
    await uploads.assertMayChangeFiles(viewer, request.params.id);
    const body = await receiveMultipart(request, tempDir, { newFiles: uploads.fileRule() });
    try {
      return await uploads.changeFiles(viewer, request.params.id, body);
    } finally {
      await body.cleanup();
    }
  });
}
