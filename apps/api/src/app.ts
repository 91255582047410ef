import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { PublicConfig } from '@printmarket/shared/types';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { PendingUploads } from './db/pending-uploads.ts';
import { registerAuthContext } from './lib/auth-context.ts';
import { registerBodyDeadline } from './lib/body-deadline.ts';
import { registerCompression } from './lib/compression.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './lib/error-handler.ts';
import { JobQueue } from './lib/jobs/job-queue.ts';
import { createMailTransport } from './lib/mail/mail-transport.ts';
import { Mailer } from './lib/mail/mailer.ts';
import { registerMetrics } from './lib/metrics-route.ts';
import { registerHealth } from './lib/readiness.ts';
import { registerInputGuards } from './lib/request-input.ts';
import type { FileStore } from './lib/storage/file-store.ts';
import { uploadsRoute } from './lib/uploads-route.ts';
import { serveWebApp } from './lib/web-app.ts';
import { registerAccountDeletion } from './modules/account-deletion/index.ts';
import { registerAccountExport } from './modules/account-export/index.ts';
import { registerAdmin } from './modules/admin/index.ts';
import { registerAuth } from './modules/auth/index.ts';
import { registerCollections } from './modules/collections/index.ts';
import { registerDesignDetail } from './modules/design-detail/index.ts';
import { registerDesignEdit } from './modules/design-edit/index.ts';
import { registerDesigns } from './modules/designs/index.ts';
import { registerEmailChange } from './modules/email-change/index.ts';
import { registerEmailVerification } from './modules/email-verification/index.ts';
import { registerFiles } from './modules/files/index.ts';
import { registerFollows } from './modules/follows/index.ts';
import { registerFulfilment } from './modules/fulfilment/index.ts';
import { registerGoogle } from './modules/google/index.ts';
import { registerLikes } from './modules/likes/index.ts';
import { registerMediumImages } from './modules/medium-images/index.ts';
import { registerModeration } from './modules/moderation/index.ts';
import type { ModuleDeps } from './modules/module-deps.ts';
import { registerNotifications } from './modules/notifications/index.ts';
import { registerPasswordChange } from './modules/password-change/index.ts';
import { registerPasswordReset } from './modules/password-reset/index.ts';
import { choosePayments, registerPayments } from './modules/payments/index.ts';
import type { PaymentsPort } from './modules/payments/payments-port.ts';
import { registerPlans } from './modules/plans/index.ts';
import { registerPreferences } from './modules/preferences/index.ts';
import { registerPreviews } from './modules/previews/index.ts';
import { registerProfiles } from './modules/profiles/index.ts';
import { registerPurchases } from './modules/purchases/index.ts';
import { registerRefunds } from './modules/refunds/index.ts';
import { registerReports } from './modules/reports/index.ts';
import { registerSandbox } from './modules/sandbox/index.ts';
import { registerSearch } from './modules/search/index.ts';
import { registerSellers } from './modules/sellers/index.ts';
import { registerSitemaps } from './modules/sitemaps/index.ts';
import { registerUploads } from './modules/uploads/index.ts';
import { registerUsers } from './modules/users/index.ts';
import { registerViews } from './modules/views/index.ts';

export type AppDeps = {
  config: Config;
  db: Database;
  files: FileStore;
  jwtSecret: Uint8Array;
  /** Where request bodies are streamed before they are checked; default DATA_DIR/tmp (tests). */
  tempDir?: string;
  /** The payment adapter; by default the one the configuration asks for (tests pass their own). */
  payments?: PaymentsPort | null;
  /** pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** The most addresses per sitemap page; the protocol's 50 000 unless a test lowers it. */
  sitemapPageSize?: number;
  /** Told of every route as it is registered (tests list every route this way). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole HTTP application; server.ts listens with it, tests call `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, files } = deps;
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
    // Getting ready waits for the job queue to start, which on a new database installs its schema
    // (a second instance starting at the same moment waits for the first's lock) and creates every
    // queue: on a busy machine that passes Fastify's default 10 s, and the instance would exit.
    // Whether a start is stuck is for the health checks of whatever runs the instances.
    pluginTimeout: 120_000,
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
  // Before any route: the plugin attaches itself to the routes registered after it.
  await registerCompression(app);

  const payments = deps.payments === undefined ? await choosePayments(config.payments) : deps.payments;
  // Started once the app is ready (after the migrations), stopped as it closes: before the
  // database pool that its jobs use is ended.
  const jobs = new JobQueue(deps.db, config.jobs, (err) => app.log.error({ err }, 'job queue error'));
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const mail = new Mailer(
    createMailTransport(config.mail, (file) => app.log.info({ file }, 'mail written to the outbox')),
    // Every message's footer names the company, its contact and the site.
    {
      companyName: config.legal.companyName,
      contactEmail: config.legal.contactEmail,
      publicUrl: config.publicUrl,
    },
  );
  app.addHook('onClose', () => mail.close());
  const modules: ModuleDeps = {
    config,
    mail,
    db: deps.db,
    files,
    jobs,
    leases: new PendingUploads(deps.db, config.uploads.leaseMs),
    jwtSecret: deps.jwtSecret,
    payments,
    tempDir: deps.tempDir ?? path.join(config.dataDir, 'tmp'),
  };

  registerHealth(app, { db: deps.db, files });
  registerMetrics(app, config.metrics);
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

  // The modules. A module that needs another's service gets it from that one's register function.
  const { users } = registerUsers(app, modules);
  const { verification } = registerEmailVerification(app, modules);
  const { auth } = registerAuth(app, modules, { users, verification });
  registerAuthContext(app, (token) => auth.authenticate(token));
  registerGoogle(app, modules, { auth, users });
  registerPasswordChange(app, modules);
  registerPasswordReset(app, modules);
  registerEmailChange(app, modules);
  registerDesigns(app, modules);
  const { details } = registerDesignDetail(app, modules);
  registerDesignEdit(app, modules, { details });
  registerViews(app, modules);
  registerLikes(app, modules);
  registerFiles(app, modules);
  const { previews } = registerPreviews(app, modules);
  registerUploads(app, modules, { previews });
  registerMediumImages(app, modules);
  registerCollections(app, modules);
  registerSearch(app, modules);
  registerProfiles(app, modules);
  await registerNotifications(app, modules);
  registerFollows(app, modules);
  const { preferences } = registerPreferences(app, modules);
  registerAccountExport(app, modules, { preferences });
  registerAccountDeletion(app, modules);
  registerReports(app, modules);
  await registerAdmin(app, modules);
  await registerModeration(app, modules);
  const { sellers } = registerSellers(app, modules);
  const { checkout } = registerPayments(app, modules, { sellers });
  registerFulfilment(app, modules);
  registerSandbox(app, modules, { checkout, sellers });
  registerPlans(app, modules);
  registerPurchases(app, modules);
  await registerRefunds(app, modules);
  registerSitemaps(app, modules, { pageSize: deps.sitemapPageSize });

  uploadsRoute(app, files);
  await serveWebApp(app, config.webDistDir, { publicUrl: config.publicUrl, pageCacheMs: config.pageCacheMs });
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
