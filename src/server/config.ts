import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/**
 * STAGED_PHOTOS_MAX_MB's default: all staged photos (uploaded, not yet saved with a listing) together at most 2 GiB on
 * disk, what a small VPS spares for a day of drafts (docs/product/limits.md#photos).
 */
export const STAGED_PHOTOS_MAX_MB_DEFAULT = 2048;

export function envSchema(nodeEnv: string | undefined) {
  // docs/product/api.md: the cookie is Secure by default only when NODE_ENV=production is set explicitly.
  const production = nodeEnv === 'production';
  return z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_PATH: z.string().min(1).default('./data/bilpartner.db'),
    // postgres://user:password@host:5432/database: run on PostgreSQL instead of the SQLite file (docs/operations.md).
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
    SEED_DEMO: bool(true),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    VEHICLE_API_URL: z
      .url()
      .default('https://akfell-datautlevering.atlas.vegvesen.no/enkeltoppslag/kjoretoydata'),
    VEHICLE_API_KEY: optionalText,
    ADDRESS_API_URL: z.url().default('https://ws.geonorge.no/adresser/v1/sok'),
    COOKIE_SECURE: bool(production),
    // Whose X-Forwarded-For to believe (docs/operations.md "Several instances"): 'loopback' (a proxy on the same
    // machine, the production default), addresses or CIDRs separated by commas, a hop count, 'true' or 'false'.
    TRUST_PROXY: optionalText,
    // Where the built client lives (default ./dist/client); tests and parallel builds point it elsewhere.
    CLIENT_DIR: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // docs/product/limits.md "Timeouts": a connection silent this long is closed (a body that stops half-way).
    HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    // The whole request (headers and body) must have arrived within this; 5 minutes carries a 20 MiB body at 0.6 Mbit/s.
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
    // docs/decisions/015-county-area.md: listings' counties looked up from their addresses in the background.
    COUNTY_LOOKUP: bool(true),
    // docs/product/limits.md#photos: the disk, in MiB, that photos uploaded but not yet saved with a listing may take.
    STAGED_PHOTOS_MAX_MB: z.coerce.number().int().min(1).default(STAGED_PHOTOS_MAX_MB_DEFAULT),
    // docs/operations.md "Photos in object storage": set, photos go to this bucket instead of UPLOAD_DIR.
    S3_BUCKET: optionalText,
    // An S3-compatible store (MinIO, Garage, …) instead of AWS; its buckets are addressed by path.
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_REGION: optionalText,
    // The site's own address (https://bilpartner.no): canonical URLs, link previews and the sitemap name it. Unset, the
    // request's own origin is used (behind a proxy with TRUST_PROXY, its X-Forwarded-Proto and -Host).
    // Off, every page is rendered in the browser from the plain index.html (for comparing, or to shed the render's
    // CPU); on by default (docs/decisions/019-server-rendering.md).
    SERVER_RENDER: bool(true),
    // docs/operations.md "Probes and metrics": GET /metrics answers only with `Authorization: Bearer <token>`; unset, 404.
    METRICS_TOKEN: optionalText,
    // docs/operations.md "Rolling deploys": after SIGTERM, /readyz answers 503 this long before the server stops taking
    // connections, so the proxy's health check takes the instance out first. At most 4 s: the process exits within 10.
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(4_000).default(3_000),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((u) => new URL(u).origin)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    // docs/decisions/021-mail-and-account-recovery.md: set, mail goes out through this SMTP server; unset, each mail is
    // an .eml file in MAIL_OUTBOX_DIR.
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
    MAIL_FROM: z.string().min(3).default('Bilpartner.no <no-reply@bilpartner.no>'),
  });
}

export type Env = z.infer<ReturnType<typeof envSchema>>;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databasePath: string;
  /** PostgreSQL's connection URL; unset, the app runs on the SQLite file at databasePath. */
  databaseUrl?: string;
  uploadDir: string;
  seedDemo: boolean;
  admin?: { username: string; password: string };
  vehicleApiUrl: string;
  vehicleApiKey?: string;
  addressApiUrl: string;
  cookieSecure: boolean;
  /** Fastify's trustProxy from TRUST_PROXY; unset: loopback in production, off otherwise (app.ts). */
  trustProxy?: boolean | number | string[];
  logLevel: string;
  /** Directory of the built client (vite build); absent in tests that only exercise the API. */
  clientDir?: string;
  /** The site's origin for absolute links (PUBLIC_URL, no trailing slash); absent, pages name the request's own and mails the server's HOST and PORT (http/public-origin.ts). */
  publicUrl?: string;
  /** Render the public pages on the server (SERVER_RENDER); absent, on when there is a built client. */
  serverRender?: boolean;
  /** A connection on which no byte moves for this long is closed (docs/product/limits.md "Timeouts"). */
  httpIdleTimeoutMs: number;
  /** A request whose headers and body have not all arrived within this is answered 408 and closed. */
  httpRequestTimeoutMs: number;
  /** Look up listings' counties from their addresses through the address service, in the background. */
  countyLookup: boolean;
  /** Bytes on disk all staged photos (uploaded, not yet attached to a listing) may take together (STAGED_PHOTOS_MAX_MB). */
  stagedPhotosMaxBytes: number;
  /** The bucket photos go to (S3_BUCKET); absent, they are files under uploadDir. Keys come from the AWS SDK's usual chain. */
  s3?: S3Config;
  /** Lower per-account bounds on staged photos, for tests; absent, ACCOUNT_STAGED_* of services/images.ts hold. */
  stagedPhotosPerAccount?: { photos: number; bytes: number };
  /** The Bearer token GET /metrics asks for (METRICS_TOKEN); absent, /metrics answers 404. */
  metricsToken?: string;
  /** How long /readyz answers 503 after SIGTERM before the server stops taking connections (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** The SMTP server mail goes through (SMTP_URL); absent, mails are .eml files in mailOutboxDir. */
  smtpUrl?: string;
  mailOutboxDir: string;
  /** The From header of every mail (MAIL_FROM). */
  mailFrom: string;
  /** Turn off rate limits (tests that hammer an endpoint on purpose keep them on). */
  rateLimit?: boolean;
}

function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible store's URL (path-style addressing); absent, AWS's own endpoint for the region. */
  endpoint?: string;
}

/** Parses the environment once; a bad value throws an error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema(env.NODE_ENV).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // An endpoint without a bucket would quietly leave photos on disk.
  if (e.S3_ENDPOINT && !e.S3_BUCKET) throw new Error('Invalid environment:\n  S3_BUCKET: must be set when S3_ENDPOINT is');
  // A mailed link never takes its host from the request (http/public-origin.ts mailOrigin); without PUBLIC_URL it names
  // the server's own HOST and PORT, which reaches nobody outside, so real mail needs PUBLIC_URL.
  if (e.SMTP_URL && !e.PUBLIC_URL) throw new Error('Invalid environment:\n  PUBLIC_URL: must be set when SMTP_URL is (the links in mails)');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databasePath: e.DATABASE_PATH,
    databaseUrl: e.DATABASE_URL,
    uploadDir: e.UPLOAD_DIR,
    seedDemo: e.SEED_DEMO,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    vehicleApiUrl: e.VEHICLE_API_URL,
    vehicleApiKey: e.VEHICLE_API_KEY,
    addressApiUrl: e.ADDRESS_API_URL,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    clientDir: e.CLIENT_DIR,
    publicUrl: e.PUBLIC_URL,
    serverRender: e.SERVER_RENDER,
    httpIdleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    countyLookup: e.COUNTY_LOOKUP,
    stagedPhotosMaxBytes: e.STAGED_PHOTOS_MAX_MB * 1024 * 1024,
    metricsToken: e.METRICS_TOKEN,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    s3: e.S3_BUCKET ? { bucket: e.S3_BUCKET, region: e.S3_REGION ?? 'us-east-1', endpoint: e.S3_ENDPOINT } : undefined,
    smtpUrl: e.SMTP_URL,
    mailOutboxDir: e.MAIL_OUTBOX_DIR,
    mailFrom: e.MAIL_FROM,
  };
}

/** A config for tests: in-memory database, no seed, temp uploads. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databasePath: ':memory:',
    uploadDir: overrides.uploadDir ?? `/tmp/bilpartner-test-uploads-${process.pid}`,
    seedDemo: false,
    vehicleApiUrl: 'http://vehicle.test/enkeltoppslag/kjoretoydata',
    vehicleApiKey: 'test-key',
    addressApiUrl: 'http://address.test/adresser/v1/sok',
    cookieSecure: false,
    logLevel: 'silent',
    httpIdleTimeoutMs: 30_000,
    httpRequestTimeoutMs: 300_000,
    // Off in tests: a background caller of the address service would answer to no test (county-lookup.test.ts runs it).
    countyLookup: false,
    stagedPhotosMaxBytes: STAGED_PHOTOS_MAX_MB_DEFAULT * 1024 * 1024,
    mailOutboxDir: overrides.mailOutboxDir ?? `/tmp/bilpartner-test-outbox-${process.pid}`,
    mailFrom: 'Bilpartner.no <no-reply@bilpartner.no>',
    rateLimit: true,
    shutdownDrainMs: 0,
    ...overrides,
  };
}
