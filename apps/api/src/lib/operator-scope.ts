import { OPERATORS_ONLY } from '@printmarket/shared/admin';
import type { FastifyInstance } from 'fastify';
import { mayOperate } from './access-policy.ts';
import { signInRequired } from './auth-context.ts';
import { forbidden } from './errors.ts';

/**
 * Registers operators' routes (every /api/admin call) in a scope of their own, whose first hook
 * answers 401 to visitors and 403 to everyone who is not an operator, before any route runs. Each
 * module with operators' calls registers them through this, so none can forget the check.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const decision = mayOperate(await request.viewer());
      if (!decision.allowed)
        throw decision.reason === 'sign-in'
          ? signInRequired(request)
          : forbidden(OPERATORS_ONLY, 'NOT_OPERATOR');
    });
    await routes(scope);
  });
}
