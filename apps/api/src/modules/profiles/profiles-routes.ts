import {
  type ProfileResponse,
  type PublicProfile,
  SOCIAL_MSG,
  USERNAME_CHANGED,
  type UsernameChangedBody,
} from '@printmarket/shared/social';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ProfileService } from './profiles-service.ts';

type UsernameParams = { Params: { username: string } };

/**
 * Public profiles (docs/product.md#public-profile). A name someone gave up answers 301 to the same call under
 * their current name: browsers' fetch follows it by itself, and the body still tells clients that
 * do not follow redirects where the person went.
 */
export function profileRoutes(app: FastifyInstance, profiles: ProfileService) {
  app.get<UsernameParams>('/api/profile/username/:username', async (request, reply) => {
    const lookup = await profiles.byUsername(request.params.username);
    if ('movedTo' in lookup) return sendMoved(reply, '/api/profile/username/', lookup.movedTo);
    return { user: lookup.found, stats: lookup.found.stats } satisfies ProfileResponse;
  });

  app.get<UsernameParams>('/api/user/profile/:username', async (request, reply) => {
    const lookup = await profiles.byUsername(request.params.username);
    if ('movedTo' in lookup) return sendMoved(reply, '/api/user/profile/', lookup.movedTo);
    return lookup.found satisfies PublicProfile;
  });
}

function sendMoved(reply: FastifyReply, base: string, currentUsername: string) {
  const body: UsernameChangedBody = {
    message: SOCIAL_MSG.usernameChanged,
    code: USERNAME_CHANGED,
    currentUsername,
  };
  return (
    reply
      .code(301)
      .header('location', `${base}${encodeURIComponent(currentUsername)}`)
      // The mapping is permanent, but a cached redirect must not outlive the account it points at.
      .header('cache-control', 'no-cache')
      .send(body)
  );
}
