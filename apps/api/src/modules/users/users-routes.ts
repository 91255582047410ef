import path from 'node:path';
import { PROFILE_IMAGE_MAX_BYTES } from '@printmarket/shared/constants';
import type { FastifyInstance } from 'fastify';
import { receiveMultipart } from '../../lib/multipart.ts';
import type { UsersService } from './users-service.ts';

export function usersRoutes(app: FastifyInstance, users: UsersService, tempDir: string) {
  app.put('/api/user/update-profile', async (request) => {
    const viewer = await request.requireViewer();
    const body = await receiveMultipart(request, path.join(tempDir, 'profile'), {
      profilePicture: { maxBytes: PROFILE_IMAGE_MAX_BYTES, maxCount: 1 },
      bannerImage: { maxBytes: PROFILE_IMAGE_MAX_BYTES, maxCount: 1 },
    });
    try {
      return { message: 'Profile updated.', user: await users.updateProfile(viewer, body) };
    } finally {
      await body.cleanup();
    }
  });

  app.get<{ Params: { id: string } }>('/api/profile/:id', async (request) => ({
    stats: await users.stats(request.params.id),
  }));
}
