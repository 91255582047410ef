import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting comes from the environment and is checked once at start. A bad value stops the
 * process with one message naming every bad key, instead of failing later on first use.
 */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default(true),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: bool,
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SIGNUP_MAX_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** How many reverse proxies stand in front (0: none). Their X-Forwarded-For entries are trusted. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Mail goes out through this SMTP server; without it, messages are written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\/[^/\s]+/.test(v), 'must be smtp://… or smtps://…'),
  /** The From header of every message (default: PrintMarket at CONTACT_EMAIL). */
  MAIL_FROM: optionalText,
  /** Password reset links a person may ask for per address, and per network address, each hour. */
  PASSWORD_RESET_MAX_PER_HOUR: z.coerce.number().int().min(1).default(5),
  PASSWORD_RESET_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * The operators (trust and safety): the accounts with these addresses, comma-separated. Read at
   * every request, so an address taken out here takes the role away at the next start.
   */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email.length > 0),
    )
    .refine(
      (emails) => emails.every((email) => z.email().safeParse(email).success),
      'must be email addresses',
    ),
  REPORTS_MAX_PER_HOUR: z.coerce.number().int().min(1).default(10),
  COMPANY_NAME: z.string().default('PrintMarket LLC'),
  CONTACT_EMAIL: z.email().default('support@printmarket.example'),
  SERVER_LOCATION: z.string().default('the United States'),
  WEB_DIST_DIR: optionalText,
  /** Upload limits, checked while the bytes stream in (megabytes may have decimals). */
  UPLOAD_MAX_STL_MB: z.coerce.number().positive().default(500),
  UPLOAD_MAX_PHOTO_MB: z.coerce.number().positive().default(20),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).default(40),
  /**
   * A request body (and the request line and headers) may pause this long before the connection
   * is cut off with 408; a body must also average this many bytes a second over the window
   * (0: no rate check). Seconds may have decimals.
   */
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  BODY_MIN_BYTES_PER_SECOND: z.coerce.number().min(0).default(1024),
  BODY_RATE_WINDOW_SECONDS: z.coerce.number().positive().default(30),
  /** Stored files no row references are removed once this old (an upload may be about to commit). */
  UPLOAD_LEFTOVER_MINUTES: z.coerce.number().min(0).default(60),
  /**
   * An upload in progress holds the keys it stores under a lease its instance renews every third
   * of this; a lease of a stopped instance runs out after it, and its files become leftovers.
   */
  UPLOAD_LEASE_SECONDS: z.coerce.number().min(1).default(120),
  /** The STL preview worker script; default: dist/preview-worker.js beside the bundled server. */
  PREVIEW_WORKER_FILE: optionalText,
  /** Worker threads rendering STL previews (default: one less than the cores, at least one). */
  PREVIEW_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * How long an instance's claim on a background job lasts, and how often expired claims are
   * looked for: a job of a killed instance is taken over within about their sum.
   */
  JOB_CLAIM_SECONDS: z.coerce.number().int().min(1).default(40),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(10),
  /** How often an idle instance looks for jobs other instances queued. Seconds may have decimals. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /**
   * How long a search answer may be given again while nothing it shows has changed (0: never);
   * bounds how old its views, likes and downloads counts may be. Seconds may have decimals.
   */
  SEARCH_CACHE_SECONDS: z.coerce.number().min(0).default(30),
  /**
   * How long a page rendered for visitors may be sent again to other visitors (0: never); bounds how
   * old a rendered page may be. Seconds may have decimals.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().min(0).default(1),
  /** Addresses (IPs or CIDR ranges, comma-separated) that may read GET /metrics without a token. */
  METRICS_ALLOW: z
    .string()
    .default('127.0.0.1/8,::1/128')
    .transform((v, ctx) => {
      const ranges = v
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map(parseAddressRange);
      if (ranges.some((r) => r === null)) {
        ctx.addIssue({ code: 'custom', message: 'must be IP addresses or CIDR ranges, comma-separated' });
        return z.NEVER;
      }
      return ranges as AddressRange[];
    }),
  /** A bearer token that opens GET /metrics from any address. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Stripe takes payments when its secret key is set (then the webhook secret is needed too). */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe SDK sends its calls; only tests point it elsewhere (a local fake). */
  STRIPE_API_BASE: z.url().optional(),
  /** Without Stripe, the local test-mode sandbox takes (pretend) payments unless this is false. */
  PAYMENTS_SANDBOX: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
});

export type Config = ReturnType<typeof loadConfig>;

export type AddressRange = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** `10.0.0.0/8`, `::1/128` or a bare address (a range of one); null when malformed. */
function parseAddressRange(entry: string): AddressRange | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits || prefixText === '') return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * `defaults.webDistDir` is where the built web app lies when WEB_DIST_DIR is unset; the server's
 * entry file knows it (it sits in apps/api/dist). Without either, no web app is served (tests).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: { webDistDir?: string } = {}) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
    );
  }
  if ((e.DATABASE_URL || e.S3_BUCKET) && !e.JWT_SECRET) {
    // A generated key lives in one DATA_DIR: instances sharing a database or storage would each
    // make their own, and a session signed by one would be refused by the next.
    throw new Error(
      'Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL or S3_BUCKET is set (every instance must use the same key)',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    /** Embedded database files; unused when `databaseUrl` is set. */
    dbDir: path.join(dataDir, 'db'),
    databaseUrl: e.DATABASE_URL,
    /** When unset (only without DATABASE_URL and S3_BUCKET), a secret is generated once and kept in DATA_DIR. */
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_HOURS * 3600,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    storage: e.S3_BUCKET
      ? {
          kind: 's3' as const,
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local' as const, root: path.join(dataDir, 'files') },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    loginLimit: { maxFailures: e.LOGIN_MAX_FAILURES, windowMs: e.LOGIN_WINDOW_MINUTES * 60_000 },
    signUpLimit: { max: e.SIGNUP_MAX_PER_HOUR, windowMs: 3_600_000 },
    /** Proxies to trust for the client address; a count, so a client cannot add hops of its own. */
    trustProxy: e.TRUST_PROXY,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `PrintMarket <${e.CONTACT_EMAIL}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    passwordResetLimit: {
      perAddress: e.PASSWORD_RESET_MAX_PER_HOUR,
      perIp: e.PASSWORD_RESET_MAX_PER_IP_PER_HOUR,
      windowMs: 3_600_000,
    },
    operators: { emails: e.ADMIN_EMAILS },
    reports: { maxPerHour: e.REPORTS_MAX_PER_HOUR },
    legal: { companyName: e.COMPANY_NAME, contactEmail: e.CONTACT_EMAIL, serverLocation: e.SERVER_LOCATION },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaults.webDistDir,
    pageCacheMs: Math.round(e.PAGE_CACHE_SECONDS * 1000),
    bodyDeadline: {
      idleMs: Math.round(e.BODY_IDLE_TIMEOUT_SECONDS * 1000),
      minBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND,
      rateWindowMs: Math.round(e.BODY_RATE_WINDOW_SECONDS * 1000),
    },
    uploads: {
      maxStlBytes: Math.floor(e.UPLOAD_MAX_STL_MB * 1024 * 1024),
      maxPhotoBytes: Math.floor(e.UPLOAD_MAX_PHOTO_MB * 1024 * 1024),
      maxFiles: e.UPLOAD_MAX_FILES,
      leftoverMinAgeMs: Math.round(e.UPLOAD_LEFTOVER_MINUTES * 60_000),
      leaseMs: Math.round(e.UPLOAD_LEASE_SECONDS * 1000),
      previewWorkerFile: e.PREVIEW_WORKER_FILE ? path.resolve(e.PREVIEW_WORKER_FILE) : undefined,
      previewWorkers: e.PREVIEW_WORKERS,
    },
    jobs: {
      claimSeconds: e.JOB_CLAIM_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      pollSeconds: e.JOB_POLL_SECONDS,
    },
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    search: { cacheMs: Math.round(e.SEARCH_CACHE_SECONDS * 1000) },
    payments: {
      stripe: e.STRIPE_SECRET_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
      sandboxEnabled: e.PAYMENTS_SANDBOX,
    },
  };
}
