import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { PublicConfig } from '@printmarket/shared/types';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerAuthContext } from './lib/auth-context.ts';
import { registerBodyDeadline } from './lib/body-deadline.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './lib/error-handler.ts';
import { WindowCounter } from './lib/rate-limit.ts';
import { registerInputGuards } from './lib/request-input.ts';
import type { FileStore } from './lib/storage/file-store.ts';
import { uploadsRoute } from './lib/uploads-route.ts';
import { serveWebApp } from './lib/web-app.ts';
import { GoogleOidcClient } from './modules/auth/google-client.ts';
import { GoogleRepo } from './modules/auth/google-repo.ts';
import { googleRoutes } from './modules/auth/google-routes.ts';
import { GoogleSignInService } from './modules/auth/google-service.ts';
import { passwordChangeRoutes } from './modules/auth/password-change-routes.ts';
import { AuthRepo } from './modules/auth/repo.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { collectionsRoutes } from './modules/collections/collections-routes.ts';
import { designPageRoutes } from './modules/designs/design-page-module.ts';
import { DesignsRepo } from './modules/designs/repo.ts';
import { designsRoutes } from './modules/designs/routes.ts';
import { DesignsService } from './modules/designs/service.ts';
import { designUploads } from './modules/designs/upload-module.ts';
import type { PaymentsPort } from './modules/payments/payments-port.ts';
import { choosePayments, paymentsRoutes } from './modules/payments/payments-routes.ts';
import { plansRoutes } from './modules/plans/plans-routes.ts';
import { preferencesRoutes } from './modules/preferences/preferences-routes.ts';
import { purchasesRoutes } from './modules/purchases/purchases-routes.ts';
import { searchRoutes } from './modules/search/search-routes.ts';
import { socialRoutes } from './modules/social/social-module.ts';
import { UsersRepo } from './modules/users/repo.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { UsersService } from './modules/users/service.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  files: FileStore;
  jwtSecret: Uint8Array;
  /** The payment adapter; by default the one the configuration asks for (tests pass their own). */
  payments?: PaymentsPort | null;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Told of every route as it is registered (tests list every route this way). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole HTTP application; server.ts listens with it, tests call `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, files } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers["x-auth-token"]', 'req.headers["x-token"]', 'req.headers.authorization'],
    },
    // Fastify's own request/response lines are off: logOneLinePerRequest writes one line instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A hop count, not `true`: a client must not be able to name its own address.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    // No cap on a whole request (a large upload on a slow line may take long); instead a request
    // that stalls is cut off: its headers by Node, its body by registerBodyDeadline.
    requestTimeout: 0,
    http: {
      requestTimeout: 0,
      headersTimeout: config.bodyDeadline.idleMs,
      connectionsCheckingInterval: Math.ceil(Math.min(30_000, config.bodyDeadline.idleMs / 2)),
    },
    clientErrorHandler,
    frameworkErrors,
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  registerInputGuards(app);
  registerErrorHandler(app);
  registerBodyDeadline(app, config.bodyDeadline);
  logOneLinePerRequest(app);
  const https = config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (_request, reply) => {
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  const tempDir = path.join(config.dataDir, 'tmp');
  const tokens = new TokenService(deps.jwtSecret, config.tokenTtlSeconds);
  const auth = new AuthService(
    new AuthRepo(db),
    tokens,
    new WindowCounter(config.loginLimit.maxFailures, config.loginLimit.windowMs),
    new WindowCounter(config.signUpLimit.max, config.signUpLimit.windowMs),
  );
  const google =
    config.google &&
    new GoogleSignInService(new GoogleOidcClient(config.google, config.publicUrl), new GoogleRepo(db), auth);
  const users = new UsersService(new UsersRepo(db), files);
  const designs = new DesignsService(new DesignsRepo(db));
  const payments = deps.payments === undefined ? choosePayments(config.payments) : deps.payments;
  registerAuthContext(app, (token) => auth.authenticate(token));
  purgeExpiredSessionsHourly(app, auth);

  app.get('/api/health', async () => ({ ok: true }));
  app.get(
    '/api/config',
    async (): Promise<PublicConfig> => ({
      googleEnabled: Boolean(config.google),
      companyName: config.legal.companyName,
      contactEmail: config.legal.contactEmail,
      serverLocation: config.legal.serverLocation,
      paymentsMode: payments?.mode ?? 'off',
    }),
  );
  authRoutes(app, auth, users);
  googleRoutes(app, google, users, { secureCookie: config.publicUrl.startsWith('https:') });
  usersRoutes(app, users, tempDir);
  designsRoutes(app, designs);
  designUploads(app, { config, db, files });
  designPageRoutes(app, { db, files, rootSecret: deps.jwtSecret });
  collectionsRoutes(app, { config, db, files, tempDir: path.join(tempDir, 'collections') });
  searchRoutes(app, { db });
  socialRoutes(app, { db });
  preferencesRoutes(app, { db });
  passwordChangeRoutes(app, { db, config });
  paymentsRoutes(app, { db, payments, publicUrl: config.publicUrl });
  plansRoutes(app, { db });
  purchasesRoutes(app, { db, payments });
  uploadsRoute(app, files);
  await serveWebApp(app, config.webDistDir);
  return app;
}

/** One structured line per request: no query string (it can carry codes or tokens), no headers. */
function logOneLinePerRequest(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        route: request.routeOptions.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}

/** Every sign-in adds a session row; expired ones go at start and then once an hour. */
function purgeExpiredSessionsHourly(app: FastifyInstance, auth: AuthService) {
  const purge = () =>
    auth.purgeExpiredSessions().catch((err) => app.log.error({ err }, 'session purge failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(purge, 3_600_000).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
