import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

// The only place that reads process.env. Validated once at boot; a bad value
// stops the process with a message that names the variable.
const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// Canada Revenue Agency: a GST/HST registration number is the 9-digit business number, the
// program identifier RT and a 4-digit reference number (123456789 RT0001); Revenu Québec's QST
// number is 10 digits, TQ and 4 digits (1234567890 TQ0001). Spaces are optional; printed as shown.
// apps/: two folders up from src/config under tsx and vitest, one up from apps/api/dist once
// built, where every file of the bundle sits (scripts/build.mjs, decision 039)
const appsDir = path.resolve(import.meta.dirname, import.meta.filename.endsWith('.ts') ? '../../..' : '../..');

const GST_HST_NUMBER = /^(\d{9}) ?RT ?(\d{4})$/i;
const QST_NUMBER = /^(\d{10}) ?TQ ?(\d{4})$/i;
const registration = (pattern: RegExp, program: string, message: string) =>
  z
    .string()
    .trim()
    .regex(pattern, message)
    .transform((v) => v.replace(pattern, `$1 ${program}$2`));

/** The four settings of the merchant of record (docs/decisions/034), set together or not at all. */
const COMPANY_SETTINGS = ['COMPANY_LEGAL_NAME', 'COMPANY_ADDRESS', 'TAX_GST_HST_NUMBER', 'TAX_QST_NUMBER'] as const;

/** Outside production, without the company settings: sample values, marked as such on every invoice. */
const SAMPLE_COMPANY = {
  legalName: 'Caterway Demo Inc.',
  address: '100 King St W, Suite 5600, Toronto, ON M5X 1A9, Canada',
  gstHstNumber: '123456789 RT0001',
  qstNumber: '1234567890 TQ0001',
} as const;

/** Outside production, without SUPPORT_PHONE: a number of the range kept for fiction (555-0100 to 555-0199). */
const SAMPLE_SUPPORT_PHONE = '+1 416-555-0100';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** load the demo catalogue and accounts into an empty database; default on, off in production */
  SEED_DEMO: boolish.optional(),
  JWT_SECRET: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, 'must be at least 32 bytes')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Caterway <no-reply@caterway.local>'),
  /** the support line's address: help messages, the storefront's header menu, footer and orders (site_config) */
  SUPPORT_EMAIL: z.email().default('support@caterway.ca'),
  /**
   * the support line's phone number as customers read it (site_config); required in production,
   * a number of the fictional 555-01xx range elsewhere (docs/decisions/066)
   */
  SUPPORT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ().-]{6,22}[0-9]$/, 'a phone number: digits, spaces, ( ) . - and a leading +')
    .optional(),
  /** inbox that receives demo requests (browse-account-orders §7 messages/json_create.json) */
  SALES_EMAIL: z.email().default('sales@caterway.ca'),
  /** the development mailbox (/dev/mailbox and its API); default on, refused in production */
  DEV_MAILBOX: boolish.optional(),
  GEOCODER_URL: z.url().optional(),
  GEOCODER_KIND: z.enum(['photon', 'nominatim']).default('photon'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  /** prefix of every Redis key this app writes (several deployments or test runs may share one Redis) */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and : _ . - only')
    .default('caterway:'),
  /** failed sign-ins on one account before each next attempt waits 2^k s, at most 60 s (docs/decisions/029) */
  SIGNIN_BACKOFF_AFTER: z.coerce.number().int().min(1).default(5),
  /** search requests per client address per minute (docs/decisions/016-abuse-limits-and-instances.md) */
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** 'false' (nobody), or a comma-separated list of proxy addresses / CIDRs whose X-Forwarded-For is believed */
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** 'all': an access line a request; 'summary' (production's default): quick successful reads counted a minute (docs/decisions/063) */
  ACCESS_LOG: z.enum(['all', 'summary']).optional(),
  /** a read slower than this gets its own line in ACCESS_LOG=summary */
  ACCESS_LOG_SLOW_MS: z.coerce.number().int().min(1).max(600_000).default(1_000),
  ACCESS_LOG_SUMMARY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  WEB_DIST_DIR: z.string().optional(),
  /** where the group-order site is served (share links, admin links; docs/decisions/011); default ${PUBLIC_URL}/group-orders-site */
  GROUP_ORDERS_URL: z.url().optional(),
  GROUP_ORDERS_DIST_DIR: z.string().optional(),
  /**
   * the restaurant map's raster tiles (decision 067): an OpenStreetMap-compatible URL template
   * with {z}, {x} and {y} (and optionally {s}), e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png;
   * unset (the offline default): the map panel draws its schematic instead
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^https?:\/\/[^/]+\//.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p))),
      'MAP_TILE_URL must be an http(s) URL template with {z}, {x} and {y}',
    )
    .optional(),
  /** the tiles' attribution, shown on the map (OpenStreetMap's licence asks for it) */
  MAP_TILE_ATTRIBUTION: z.string().trim().max(300).default('© OpenStreetMap contributors'),
  /** 'sandbox': the built-in provider, nobody is charged; 'stripe': Stripe. Default: stripe when STRIPE_SECRET_KEY is set */
  PAYMENTS: z.enum(['sandbox', 'stripe']).optional(),
  /** Stripe (card + acss_debit) when set; the built-in sandbox provider otherwise */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  /** signing secret of the webhook endpoint POST /api/stripe/webhook (whsec_...; Stripe dashboard or `stripe listen`); required with Stripe in production */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must start with whsec_')
    .optional(),
  /** base URL of Stripe's API; a local fake in tests */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** run the job queue (order processing) inside the API process; false when `npm run worker` runs it */
  JOBS_IN_PROCESS: boolish.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** how often each API process compares catalogue_versions with the versions it saw (decision 056's safety net) */
  CATALOGUE_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** how often a bank debit in flight is checked with the provider */
  PAYMENT_RECHECK_MS: z.coerce.number().int().min(1_000).default(3_600_000),
  /** worker threads rendering PDFs (invoices, label sheets; docs/decisions/012); default: cores - 1, at least 1, at most 4 */
  PDF_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** PDFs waiting for a worker before the next request is answered 503 with Retry-After */
  PDF_QUEUE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(64),
  /** Caterway's legal name, printed on invoices and credit notes as the supplier; required in production */
  COMPANY_LEGAL_NAME: z.string().trim().min(2, 'must be the legal name of the company').max(120).optional(),
  /** Caterway's business address on one line, e.g. "100 King St W, Suite 5600, Toronto, ON M5X 1A9, Canada"; required in production */
  COMPANY_ADDRESS: z.string().trim().min(10, 'must be the full business address on one line').max(200).optional(),
  /** GST/HST registration number (business number + RT + 4 digits); required in production */
  TAX_GST_HST_NUMBER: registration(
    GST_HST_NUMBER,
    'RT',
    'must be a 9-digit business number, RT and 4 digits, e.g. 123456789 RT0001',
  ).optional(),
  /** Quebec QST registration number (10 digits + TQ + 4 digits); required in production */
  TAX_QST_NUMBER: registration(
    QST_NUMBER,
    'TQ',
    'must be 10 digits, TQ and 4 digits, e.g. 1234567890 TQ0001',
  ).optional(),
  /** photos go to this S3-compatible bucket when set; to DATA_DIR/uploads otherwise (docs/decisions/054) */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  /** the S3 API's origin; default https://s3.<S3_REGION>.amazonaws.com (MinIO, R2, ...: their URL) */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** address the bucket in the path (endpoint/bucket/key), as MinIO and local servers need */
  S3_FORCE_PATH_STYLE: boolish.default(false),
  /** a prefix of every key the app writes in the bucket, e.g. caterway/ */
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9._-]*\/)*$/, 'lowercase folder names each ending with /, e.g. caterway/')
    .default(''),
  /** browser tests only: POST api/v2/test/clock moves the server clock; refused when NODE_ENV=production */
  E2E_CONTROLLABLE_CLOCK: boolish.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  seedDemo: boolean;
  jwtSecret?: string;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /** SUPPORT_PHONE, or outside production the sample number */
  supportPhone: string;
  salesEmail: string;
  mailboxEnabled: boolean;
  geocoderUrl?: string;
  geocoderKind: Env['GEOCODER_KIND'];
  redisUrl?: string;
  redisKeyPrefix: string;
  signInBackoffAfter: number;
  rateLimitSearchPerMinute: number;
  /** proxies whose X-Forwarded-For is believed (addresses or CIDRs); empty: none, the peer is the client */
  trustProxy: string[];
  logLevel: Env['LOG_LEVEL'];
  /** what the access log writes (plugins/request-log.ts) */
  accessLog: { mode: 'all' | 'summary'; slowMs: number; summaryMs: number };
  webDistDir: string;
  /** the group-order site's base URL, without a trailing slash (share links and dashboard links start here) */
  groupOrdersUrl: string;
  /** the path this server mounts the site under: GROUP_ORDERS_URL's path, e.g. /group-orders-site ('' on its own host) */
  groupOrdersBasePath: string;
  /** the site's own host name (GROUP_ORDERS_URL on another host, at its root), else null */
  groupOrdersHost: string | null;
  groupOrdersDistDir: string;
  /** the map's tile URL template ('' when unset: the schematic) and its attribution (decision 067) */
  mapTileUrl: string;
  mapTileAttribution: string;
  stripeSecretKey?: string;
  stripePublishableKey?: string;
  /** POST /api/stripe/webhook is registered only with Stripe as the provider and this secret */
  stripeWebhookSecret?: string;
  stripeApiUrl: string;
  /** which payment provider runs: the sandbox (nobody is charged; the storefront shows a banner) or Stripe */
  payments: 'sandbox' | 'stripe';
  jobsInProcess: boolean;
  jobsPollMs: number;
  catalogueCheckMs: number;
  paymentRecheckMs: number;
  /** PDF rendering worker threads and their bounded queue (lib/pdf/pdf-pool.ts) */
  pdfWorkers: number;
  pdfQueueLimit: number;
  controllableClock: boolean;
  /** the merchant of record printed on every invoice and credit note */
  company: CompanyDetails;
  /** the bucket photos go to (S3_BUCKET and its settings), or undefined: DATA_DIR/uploads */
  s3?: S3Settings;
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
}

/** Caterway as the supplier on its tax documents (docs/decisions/034). */
export interface CompanyDetails {
  legalName: string;
  address: string;
  /** 123456789 RT0001 */
  gstHstNumber: string;
  /** 1234567890 TQ0001; printed where QST is charged */
  qstNumber: string;
  /** development defaults: every document says they are samples */
  sample: boolean;
}

export class ConfigError extends Error {}

/** Where each setting a production start needs is explained (one line each when missing). */
const PRODUCTION_REQUIRED: Array<[name: string, what: string]> = [
  ['JWT_SECRET', '32+ random bytes signing session tokens'],
  ['PUBLIC_URL', 'the origin of emailed links, e.g. https://caterway.example'],
  ['SMTP_URL', 'smtp://user:pass@host:587 of the relay that sends email'],
  ['GEOCODER_URL', 'a Photon or Nominatim-compatible geocoder; the offline gazetteer places addresses only roughly'],
  ['COMPANY_LEGAL_NAME', "Caterway's legal name, printed on every invoice and credit note"],
  ['COMPANY_ADDRESS', "Caterway's business address on one line, printed on every invoice and credit note"],
  ['TAX_GST_HST_NUMBER', 'the GST/HST registration number invoices must show, e.g. 123456789 RT0001'],
  ['TAX_QST_NUMBER', 'the QST registration number invoices with QST must show, e.g. 1234567890 TQ0001'],
  ['SUPPORT_PHONE', "the support line's phone number, shown in the storefront's header menu, footer and orders"],
];
const STRIPE_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'];

/**
 * What a production start lacks or must not have (docs/decisions/028): every problem, one line
 * each, so that one failed start names all of them. `env` holds the raw (non-empty) values.
 */
function productionProblems(env: Record<string, string | undefined>): Array<[name: string, message: string]> {
  const problems: Array<[string, string]> = [];
  for (const [name, what] of PRODUCTION_REQUIRED) {
    if (!env[name]) problems.push([name, `required when NODE_ENV=production (${what})`]);
  }
  if (env.PAYMENTS !== 'sandbox') {
    for (const name of STRIPE_SETTINGS) {
      if (!env[name])
        problems.push([
          name,
          'required when NODE_ENV=production, unless PAYMENTS=sandbox (test mode: nobody is charged)',
        ]);
    }
  }
  if (env.DEV_MAILBOX && boolish.safeParse(env.DEV_MAILBOX).data)
    problems.push([
      'DEV_MAILBOX',
      'must not be set when NODE_ENV=production (it shows every email sent, reset links included)',
    ]);
  if (env.E2E_CONTROLLABLE_CLOCK && boolish.safeParse(env.E2E_CONTROLLABLE_CLOCK).data)
    problems.push(['E2E_CONTROLLABLE_CLOCK', 'must not be set when NODE_ENV=production']);
  return problems;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')) as Record<
    string,
    string | undefined
  >;
  const parsed = envSchema.safeParse(cleaned);
  const problems: Array<[string, string]> = parsed.success
    ? []
    : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
  if (cleaned.NODE_ENV === 'production') {
    const named = new Set(problems.map(([name]) => name));
    problems.push(...productionProblems(cleaned).filter(([name]) => !named.has(name)));
  }
  const companySet = COMPANY_SETTINGS.filter((name) => cleaned[name] !== undefined);
  if (cleaned.NODE_ENV !== 'production' && companySet.length > 0 && companySet.length < COMPANY_SETTINGS.length) {
    // a document mixing real and sample details could pass for a real invoice
    for (const name of COMPANY_SETTINGS.filter((n) => !companySet.includes(n))) {
      problems.push([
        name,
        `set it with ${companySet.join(', ')}: the four company settings go together (none: sample values marked as such)`,
      ]);
    }
  }
  if (
    parsed.success &&
    parsed.data.PAYMENTS === 'stripe' &&
    !parsed.data.STRIPE_SECRET_KEY &&
    !problems.some(([n]) => n === 'STRIPE_SECRET_KEY')
  ) {
    problems.push(['STRIPE_SECRET_KEY', 'required when PAYMENTS=stripe']);
  }
  if (
    parsed.success &&
    parsed.data.STRIPE_SECRET_KEY &&
    !parsed.data.STRIPE_PUBLISHABLE_KEY &&
    !problems.some(([n]) => n === 'STRIPE_PUBLISHABLE_KEY')
  ) {
    problems.push(['STRIPE_PUBLISHABLE_KEY', 'required when STRIPE_SECRET_KEY is set']);
  }
  if (parsed.success && parsed.data.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!parsed.data[name]) problems.push([name, 'required when S3_BUCKET is set']);
    }
  }
  if (!parsed.success || problems.length) {
    throw new ConfigError(
      `Invalid configuration:\n${problems.map(([name, message]) => `  ${name}: ${message}`).join('\n')}`,
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const payments = env.PAYMENTS ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  const displayHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const publicUrl = (env.PUBLIC_URL ?? `http://${displayHost}:${env.PORT}`).replace(/\/$/, '');
  const groupOrdersUrl = (env.GROUP_ORDERS_URL ?? `${publicUrl}/group-orders-site`).replace(/\/+$/, '');
  const { basePath: groupOrdersBasePath, host: groupOrdersHost } = groupOrdersMount(groupOrdersUrl, publicUrl);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    seedDemo: env.SEED_DEMO ?? !isProduction,
    jwtSecret: env.JWT_SECRET,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionMaxDays: env.SESSION_MAX_DAYS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE ?? SAMPLE_SUPPORT_PHONE,
    salesEmail: env.SALES_EMAIL,
    mailboxEnabled: env.DEV_MAILBOX ?? !isProduction,
    geocoderUrl: env.GEOCODER_URL,
    geocoderKind: env.GEOCODER_KIND,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    signInBackoffAfter: env.SIGNIN_BACKOFF_AFTER,
    rateLimitSearchPerMinute: env.RATE_LIMIT_SEARCH_PER_MINUTE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, isProduction),
    logLevel: env.LOG_LEVEL,
    accessLog: {
      mode: env.ACCESS_LOG ?? (isProduction ? 'summary' : 'all'),
      slowMs: env.ACCESS_LOG_SLOW_MS,
      summaryMs: env.ACCESS_LOG_SUMMARY_SECONDS * 1000,
    },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(appsDir, 'web/dist')),
    groupOrdersUrl,
    groupOrdersBasePath,
    groupOrdersHost,
    groupOrdersDistDir: path.resolve(env.GROUP_ORDERS_DIST_DIR ?? path.join(appsDir, 'group-orders/dist')),
    mapTileUrl: env.MAP_TILE_URL ?? '',
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION,
    // PAYMENTS=sandbox runs the sandbox even where Stripe keys are set: the keys are not used
    stripeSecretKey: payments === 'stripe' ? env.STRIPE_SECRET_KEY : undefined,
    stripePublishableKey: payments === 'stripe' ? env.STRIPE_PUBLISHABLE_KEY : undefined,
    // used only with Stripe as the provider (the webhook route checks the provider it runs with)
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    payments,
    stripeApiUrl: env.STRIPE_API_URL.replace(/\/$/, ''),
    jobsInProcess: env.JOBS_IN_PROCESS,
    jobsPollMs: env.JOBS_POLL_MS,
    catalogueCheckMs: env.CATALOGUE_CHECK_MS,
    paymentRecheckMs: env.PAYMENT_RECHECK_MS,
    pdfWorkers: env.PDF_WORKERS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1)),
    pdfQueueLimit: env.PDF_QUEUE_LIMIT,
    controllableClock: env.E2E_CONTROLLABLE_CLOCK,
    company: companyOf(env),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
        }
      : undefined,
  };
}

/** The company settings, or (outside production, none set) the samples, flagged so. */
function companyOf(env: Env): CompanyDetails {
  if (env.COMPANY_LEGAL_NAME && env.COMPANY_ADDRESS && env.TAX_GST_HST_NUMBER && env.TAX_QST_NUMBER) {
    return {
      legalName: env.COMPANY_LEGAL_NAME,
      address: env.COMPANY_ADDRESS,
      gstHstNumber: env.TAX_GST_HST_NUMBER,
      qstNumber: env.TAX_QST_NUMBER,
      sample: false,
    };
  }
  return { ...SAMPLE_COMPANY, sample: true };
}

/**
 * For the process entry points (server, worker, db:migrate, db:seed): the configuration, or its
 * problems on stderr, one line per setting, and exit code 1 (no stack trace; decision 028).
 */
export function loadConfigOrExit(source: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(source);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const LOOPBACK = ['127.0.0.1/8', '::1/128'];
const IPV4_OR_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;

/**
 * TRUST_PROXY: whose X-Forwarded-For names the client (docs/decisions/016). 'false' (the default):
 * nobody, the TCP peer is the client. A list of addresses or CIDRs: only a request arriving from
 * one of them has its forwarded address believed, so a client cannot pick its own address to
 * dodge per-address limits. 'true' used to trust any peer; it now means loopback only (a proxy on
 * the same machine) and is refused in production, where the proxy must be named.
 */
export function parseTrustProxy(value: string, isProduction: boolean): string[] {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no', 'none'].includes(v)) return [];
  if (['true', '1', 'yes'].includes(v)) {
    if (isProduction) {
      throw new ConfigError(
        'Invalid configuration:\n  TRUST_PROXY: name the proxy addresses or CIDRs (e.g. 10.0.0.5,10.1.0.0/16); true is refused in production',
      );
    }
    return LOOPBACK;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const named = {
    loopback: LOOPBACK,
    linklocal: ['169.254.0.0/16', 'fe80::/10'],
    uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  } as Record<string, string[]>;
  const out: string[] = [];
  for (const e of entries) {
    if (named[e]) out.push(...named[e]);
    else if (IPV4_OR_CIDR.test(e) || IPV6_OR_CIDR.test(e)) out.push(e);
    else
      throw new ConfigError(
        `Invalid configuration:\n  TRUST_PROXY: '${e}' is not an address, a CIDR, loopback, linklocal or uniquelocal`,
      );
  }
  return out;
}

// The site shares this server (and its origin's /api) with the storefront, which owns '/' and
// its own first path segments: on the storefront's host the site needs a path of its own; a host
// name of its own (proxied to this server) may serve it at its root.
const RESERVED_SEGMENTS = new Set([
  'api',
  'user_token',
  'users',
  'messages',
  'media',
  'assets',
  'group-orders',
  'grouporder-dashboard',
  'g',
]);

function groupOrdersMount(url: string, publicUrl: string): { basePath: string; host: string | null } {
  const site = new URL(url);
  const pathname = site.pathname.replace(/\/+$/, '');
  const first = pathname.split('/')[1] ?? '';
  if (pathname === '' && site.host !== new URL(publicUrl).host) return { basePath: '', host: site.host };
  if (pathname === '' || RESERVED_SEGMENTS.has(first)) {
    throw new ConfigError(
      `Invalid configuration:\n  GROUP_ORDERS_URL: on the storefront's host it needs a path of its own such as /group-orders-site (not '/' nor /${first})`,
    );
  }
  return { basePath: pathname, host: null };
}
