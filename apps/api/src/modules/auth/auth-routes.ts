import { loginSchema, registerSchema } from '@printmarket/shared/auth';
import type { AuthResponse } from '@printmarket/shared/types';
import type { FastifyInstance } from 'fastify';
import { readToken, signInRequired } from '../../lib/auth-context.ts';
import { parseInput } from '../../lib/validate.ts';
import type { UsersService } from '../users/users-service.ts';
import type { AuthService } from './auth-service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService, users: UsersService) {
  const signedIn = async (userId: string, token: string): Promise<AuthResponse> => ({
    token,
    user: await users.currentUser(userId),
  });

  app.post('/api/auth/register', async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const { userId, token } = await auth.register(input, request.ip);
    reply.code(201);
    return signedIn(userId, token);
  });

  app.post('/api/auth/login', async (request) => {
    const input = parseInput(loginSchema, request.body);
    const { userId, token } = await auth.login(input, request.ip);
    return signedIn(userId, token);
  });

  app.post('/api/auth/logout', async (request) => {
    await auth.logout(await request.requireViewer());
    return { message: 'Logged out.' };
  });

  // The session check every page makes: the session and the account are read in one statement.
  app.get('/api/auth/user', async (request) => {
    const token = readToken(request);
    const account = token ? await auth.account(token) : null;
    if (!account) throw signInRequired(request);
    return users.presentAccount(account);
  });
}
