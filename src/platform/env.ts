import { z } from 'zod';

/**
 * The whole configuration, parsed once at start. Every part has an embedded default
 * (docs/architecture.md); the environment switches to the real thing.
 */
/**
 * The seller the embedded defaults invoice as: fine for trying the product with the local gateway,
 * never for taking real money (see `parseWebEnv`).
 */
export const SELLER_PLACEHOLDERS = {
  SELLER_NAME: 'Masterdeck GmbH',
  SELLER_ADDRESS: 'Musterstraße 1|10115 Berlin|Germany',
  SELLER_VAT_ID: 'DE000000000',
} as const;

/** A DDEX party id: PADPIDA, ten digits and a check character (e.g. PADPIDA2014021302M). */
const DPID = /^PADPIDA\d{10}[0-9A-Z]$/;

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  MEDIA_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** Port of the web process's internal API that the media processes and operator commands call. */
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).default(3002),
  /**
   * Address the web process binds its internal API to. Loopback by default; a private-network
   * address when media processes run on other machines (the API trusts INTERNAL_SECRET alone).
   */
  INTERNAL_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Where a media process (or an operator command) reaches the web's internal API, e.g.
   * http://10.0.0.5:3002 for a web process on another machine. Default: this machine's INTERNAL_PORT.
   */
  WEB_INTERNAL_URL: z
    .url({ protocol: /^http$/ })
    .refine((value) => ['', '/'].includes(new URL(value).pathname) && !new URL(value).search, 'an origin only (http://host:port), no path')
    .optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  MEDIA_PUBLIC_URL: z.string().default('ws://localhost:3001/ws'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Files go to this S3 bucket when set (with the S3_* below); else to DATA_DIR/storage on the local disk. */
  S3_BUCKET: z.string().min(3).optional(),
  /** An S3-compatible server (MinIO, R2, Ceph, s3rver); AWS S3 itself when unset. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Credentials; without them the AWS SDK's own chain (instance role, AWS_* variables, profile). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path, not the host name; default: on with S3_ENDPOINT, off for AWS. */
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  /** Disk budget per process for local copies of stored files (ffmpeg and the engine read paths), MiB. */
  STORAGE_CACHE_MB: z.coerce.number().int().min(16).default(2048),
  JWT_SECRET: z.string().min(32).optional(),
  INTERNAL_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Masterdeck <hello@masterdeck.local>'),
  FFMPEG_PATH: z.string().optional(),
  /** Memory budget of the media sidecar's cache of ready-to-send PCM chunks, in MiB. */
  MEDIA_CACHE_MB: z.coerce.number().int().min(8).max(4096).default(128),
  /** false when the media sidecar runs as its own process (Procfile); else the web process runs it. */
  MEDIA_SUPERVISED: z.stringbool().default(true),
  /** Longest a preparation may run before it answers binary.creation.timeout, seconds. */
  MEDIA_PREPARE_TIMEOUT_S: z.coerce.number().positive().default(600),
  /** Longest a bounce may run before it answers binary.creation.timeout (and counts as failed), seconds. */
  MEDIA_BOUNCE_TIMEOUT_S: z.coerce.number().positive().default(900),
  /** Worker threads that render style previews on demand (the uWS loop never renders). */
  MEDIA_RENDER_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** The media process's CPU slots: queue jobs and player decodes running at once there; default: its cores. */
  MEDIA_JOB_SLOTS: z.coerce.number().int().min(1).max(64).optional(),
  /** Bounces one user may have running at once (preparations: one). */
  MEDIA_BOUNCES_PER_USER: z.coerce.number().int().min(1).max(16).default(2),
  /** A media job whose process stops heart-beating (every third of this) is taken up by another media process after this long. */
  MEDIA_JOB_LEASE_S: z.coerce.number().positive().max(3600).default(30),
  /** Preparations and bounces one user may have waiting in the job queue; more answer mastering.tooManyJobs. */
  MEDIA_QUEUED_JOBS_PER_USER: z.coerce.number().int().min(1).max(100).default(8),
  BRAINTREE_MERCHANT_ID: z.string().optional(),
  BRAINTREE_PUBLIC_KEY: z.string().optional(),
  BRAINTREE_PRIVATE_KEY: z.string().optional(),
  BRAINTREE_ENVIRONMENT: z.enum(['Sandbox', 'Production']).default('Sandbox'),
  /** Braintree merchant accounts per currency; without one, the gateway's default account is charged. */
  BRAINTREE_MERCHANT_ACCOUNT_USD: z.string().optional(),
  BRAINTREE_MERCHANT_ACCOUNT_EUR: z.string().optional(),
  /** The seller as invoices state it; its country decides domestic VAT and reverse charge (an EU country). */
  SELLER_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code, upper case').default('DE'),
  SELLER_NAME: z.string().min(1).default(SELLER_PLACEHOLDERS.SELLER_NAME),
  /** Address lines separated by "|". */
  SELLER_ADDRESS: z.string().min(1).default(SELLER_PLACEHOLDERS.SELLER_ADDRESS),
  SELLER_VAT_ID: z.string().default(SELLER_PLACEHOLDERS.SELLER_VAT_ID),
  /**
   * The EU's VIES VAT number service (its REST API's base, e.g.
   * https://ec.europa.eu/taxation_customs/vies/rest-api): when set, a buyer's VAT id counts only
   * once VIES confirmed it; without it the id's format and check digits decide.
   */
  VIES_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where users write about their data and purchases (legal pages); default: the address of MAIL_FROM. */
  CONTACT_EMAIL: z.email().optional(),
  /**
   * Changes to the EU standard VAT rates of pricing.config.ts, as `CC=percent` pairs separated by
   * commas (`DE=19,FR=20,FI=25.5`); a rate change needs no code change. EU member states only.
   */
  VAT_RATES: z
    .string()
    .regex(/^\s*([A-Z]{2}=\d{1,2}(\.\d{1,2})?\s*)(,\s*[A-Z]{2}=\d{1,2}(\.\d{1,2})?\s*)*$/, 'CC=percent pairs separated by commas, e.g. DE=19,FR=20')
    .optional(),
  /** Text of the site-wide notice banner; the banner shows only when this is set. */
  NOTICE_BANNER_TEXT: z.string().optional(),
  /**
   * The home page's video, as the embed address of its host (e.g. https://www.youtube-nocookie.com/embed/ID).
   * Without it the video section is hidden. The host is contacted only after marketing consent or a click.
   */
  HOME_VIDEO_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * A Plausible-compatible event endpoint (e.g. https://plausible.io/api/event). Off by default; the
   * SPA sends page views and the product's analytics events there only after analytics consent.
   */
  ANALYTICS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The page of the plugin bundle offer (mentioned, its details not shown here). Without it
   * the mention is hidden.
   */
  PLUGIN_BUNDLE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The site name events are recorded under; default: the host of PUBLIC_URL. */
  ANALYTICS_SITE: z.string().min(1).optional(),
  FEATURE_DISTRIBUTION: z.stringbool().default(true),
  FEATURE_BLOG: z.stringbool().default(true),
  /**
   * Which distributor the add-on talks to: `local` keeps everything in the product's database and
   * answers for the stores; `sftp` delivers DDEX ERN 4.3 batches to each store's (or one
   * aggregator's) SFTP server and reads their acknowledgements back (DELIVERY_SFTP_*).
   */
  DISTRIBUTION_PROVIDER: z.enum(['local', 'sftp']).default('local'),
  /** Our DDEX party id (DPID), the sender of every message; required with the sftp provider. */
  DDEX_SENDER_DPID: z.string().regex(DPID, 'a DDEX party id: PADPIDA, ten digits and a check character').optional(),
  DDEX_SENDER_NAME: z.string().min(1).default('Masterdeck Distribution'),
  /**
   * The SFTP server every store is delivered to (one aggregator), unless a store has its own
   * DELIVERY_SFTP_STORE_<store id>_HOST (and the other fields below, each falling back to these).
   */
  DELIVERY_SFTP_HOST: z.string().min(1).optional(),
  DELIVERY_SFTP_PORT: z.coerce.number().int().min(1).max(65535).default(22),
  DELIVERY_SFTP_USER: z.string().min(1).optional(),
  /** A private key file (OpenSSH or PEM); no passwords. */
  DELIVERY_SFTP_KEY_FILE: z.string().min(1).optional(),
  /** Where batch folders are written on the server. */
  DELIVERY_SFTP_REMOTE_DIR: z.string().min(1).default('/inbox'),
  /** Where the store writes its acknowledgements. */
  DELIVERY_SFTP_ACK_DIR: z.string().min(1).default('/acknowledgements'),
  /** The aggregator's DDEX party id (the recipient of every message that goes to it). */
  DELIVERY_SFTP_RECIPIENT_DPID: z.string().regex(DPID, 'a DDEX party id: PADPIDA, ten digits and a check character').optional(),
  /** How often the acknowledgement folders are read, seconds (0 turns it off). */
  DELIVERY_ACK_POLL_S: z.coerce.number().int().min(0).default(60),
  /** Who pays participants: `local` writes each run as a file under DATA_DIR/payouts and moves no money; `paypal` pays through PayPal Payouts. */
  PAYOUT_PROVIDER: z.enum(['local', 'paypal']).default('local'),
  /** PayPal's REST API: https://api-m.paypal.com for live money, the sandbox by default. */
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api-m.sandbox.paypal.com'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  /** PayPal's fee per payout item as your PayPal contract states it: a percentage, capped (USD). Deducted from what the participant receives. */
  PAYPAL_FEE_PERCENT: z.coerce.number().min(0).max(50).default(2),
  PAYPAL_FEE_MAX: z.coerce.number().min(0).max(1000).default(1),
  /** The smallest balance paid out (USD); smaller balances wait for the next run. */
  PAYOUT_MIN: z.coerce.number().min(0).max(1_000_000).default(10),
  /** ISRC registrant (country code and registrant, `CC-XXX`) that empty ISRCs are assigned from. */
  ISRC_REGISTRANT: z.string().regex(/^[A-Za-z]{2}-?[A-Za-z0-9]{3}$/, 'CC-XXX, e.g. DE-MDK').default('DE-MDK'),
  /** GS1 company prefix (6 to 11 digits) that generated release codes (EAN-13) start with. */
  EAN_PREFIX: z.string().regex(/^\d{6,11}$/, '6 to 11 digits').default('4260742'),
  /** The Braintree plan of the distribution subscription (used when the Braintree keys are set). */
  BRAINTREE_DISTRIBUTION_PLAN_ID: z.string().min(1).default('distribution-yearly'),
  /** Jobs of the durable queue (mails, deliveries, renewals, sweeps) one web process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** How often the web process looks for subscriptions due for renewal, seconds (0 turns it off). */
  SUBSCRIPTION_RENEWAL_INTERVAL_S: z.coerce.number().int().min(0).default(3600),
  /**
   * Express's `trust proxy`: which hops may set X-Forwarded-For (the client IP every abuse limit is
   * keyed by). Default none: a client could otherwise rotate the header for fresh budgets.
   * `false`, `true`, a hop count, or addresses/subnets/`loopback` separated by commas.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string => {
      const trimmed = value.trim();
      if (trimmed === '' || trimmed === 'false') return false;
      if (trimmed === 'true') return true;
      return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
    }),
  /** Bearer token that opens `/metrics` on the public port; without it `/metrics` answers 404 there. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** GraphQL operation bounds (graphql-armor): aliases, depth, tokens and cost per operation. */
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(15),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).default(10),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).default(2000),
  GRAPHQL_MAX_COST: z.coerce.number().int().min(100).default(5000),
  /** Calls in one tRPC batch; the SPA's batch link sends at most 10. */
  TRPC_MAX_BATCH: z.coerce.number().int().min(1).max(100).default(20),
  /** Uploads one user may start per hour. */
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Bytes of uploaded originals one user may keep, in MiB. */
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(5000),
  /** Shares (each mails the invited address) one user may create per day. */
  SHARES_PER_DAY: z.coerce.number().int().min(1).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
}).superRefine((env, issues) => {
  if (env.PAYOUT_PROVIDER !== 'paypal') return;
  for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const) {
    if (!env[name]) issues.addIssue({ code: 'custom', path: [name], message: 'required with PAYOUT_PROVIDER=paypal' });
  }
});

/** One store's own SFTP target: DELIVERY_SFTP_STORE_<store id>_<FIELD>; an unset field falls back to the aggregator's. */
const ZStoreTarget = z.object({
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).optional(),
  USER: z.string().min(1).optional(),
  KEY_FILE: z.string().min(1).optional(),
  REMOTE_DIR: z.string().min(1).optional(),
  ACK_DIR: z.string().min(1).optional(),
  DPID: z.string().regex(DPID, 'a DDEX party id: PADPIDA, ten digits and a check character').optional(),
});
const STORE_TARGET_KEY = /^DELIVERY_SFTP_STORE_(\d{1,6})_(HOST|PORT|USER|KEY_FILE|REMOTE_DIR|ACK_DIR|DPID)$/;

export type Env = z.infer<typeof ZEnv> & {
  /** Per store id, the SFTP fields it sets itself. */
  DELIVERY_SFTP_STORES: Record<number, z.infer<typeof ZStoreTarget>>;
};

/** Host and port of the web's internal API as WEB_INTERNAL_URL (or INTERNAL_PORT on this machine) names it. */
export function webInternalEndpoint(env: Pick<Env, 'INTERNAL_PORT' | 'WEB_INTERNAL_URL'>): { host: string; port: number } {
  if (!env.WEB_INTERNAL_URL) return { host: '127.0.0.1', port: env.INTERNAL_PORT };
  const url = new URL(env.WEB_INTERNAL_URL);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : 80 };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = ZEnv.safeParse(source);
  const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const raw: Record<number, Record<string, string>> = {};
  for (const [key, value] of Object.entries(source)) {
    const match = STORE_TARGET_KEY.exec(key);
    if (match && value !== undefined && value !== '') (raw[Number(match[1])] ??= {})[match[2]!] = value;
  }
  const stores: Env['DELIVERY_SFTP_STORES'] = {};
  for (const [storeId, fields] of Object.entries(raw)) {
    const target = ZStoreTarget.safeParse(fields);
    if (target.success) stores[Number(storeId)] = target.data;
    else lines.push(...target.error.issues.map((issue) => `  DELIVERY_SFTP_STORE_${storeId}_${issue.path.join('.')}: ${issue.message}`));
  }
  if (result.success && result.data.DISTRIBUTION_PROVIDER === 'sftp') {
    if (!result.data.DDEX_SENDER_DPID) lines.push('  DDEX_SENDER_DPID: required with DISTRIBUTION_PROVIDER=sftp (our DDEX party id)');
    const aggregator = result.data.DELIVERY_SFTP_HOST !== undefined;
    if (!aggregator && Object.values(stores).every((store) => !store.HOST)) lines.push('  DELIVERY_SFTP_HOST: required with DISTRIBUTION_PROVIDER=sftp (or DELIVERY_SFTP_STORE_<id>_HOST per store)');
    for (const [storeId, store] of [...Object.entries(stores), ...(aggregator ? [['aggregator', {}] as const] : [])]) {
      if (!aggregator && !store.HOST) continue;
      const prefix = storeId === 'aggregator' ? 'DELIVERY_SFTP' : `DELIVERY_SFTP_STORE_${storeId}`;
      if (!(store.USER ?? result.data.DELIVERY_SFTP_USER)) lines.push(`  ${prefix}_USER: required with DISTRIBUTION_PROVIDER=sftp`);
      if (!(store.KEY_FILE ?? result.data.DELIVERY_SFTP_KEY_FILE)) lines.push(`  ${prefix}_KEY_FILE: required with DISTRIBUTION_PROVIDER=sftp`);
      if (!(store.DPID ?? result.data.DELIVERY_SFTP_RECIPIENT_DPID)) lines.push(`  ${prefix === 'DELIVERY_SFTP' ? 'DELIVERY_SFTP_RECIPIENT' : prefix}_DPID: required with DISTRIBUTION_PROVIDER=sftp (the recipient's DDEX party id)`);
    }
  }
  if (lines.length > 0 || !result.success) throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  return { ...result.data, DELIVERY_SFTP_STORES: stores };
}

/**
 * Whether this is a deployment others reach: NODE_ENV=production, or a PUBLIC_URL served over
 * https (`npm start` and the Procfile set no NODE_ENV, so that alone cannot tell). Secure cookies,
 * closed GraphQL introspection and a real seller identity follow from it.
 */
export const isPublicDeployment = (env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>): boolean =>
  env.NODE_ENV === 'production' || new URL(env.PUBLIC_URL).protocol === 'https:';

/**
 * The seller variables still unset or at their placeholder where the seller must be real: while
 * Braintree is configured (its three keys set, as `braintreeConfigured` in the payments module
 * reads them: money is taken) and in a public deployment (invoices, the privacy policy, the terms
 * and the About page name the seller). Empty otherwise: `npm start` on localhost keeps the
 * placeholders for trying the product.
 */
export function missingSellerIdentity(env: Env): (keyof typeof SELLER_PLACEHOLDERS)[] {
  const takesMoney = Boolean(env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY);
  if (!takesMoney && !isPublicDeployment(env)) return [];
  return (Object.keys(SELLER_PLACEHOLDERS) as (keyof typeof SELLER_PLACEHOLDERS)[]).filter((name) => {
    const value = env[name].trim();
    return value === '' || value === SELLER_PLACEHOLDERS[name];
  });
}

const SELLER_VARIABLE_MEANING: Record<keyof typeof SELLER_PLACEHOLDERS, string> = {
  SELLER_NAME: 'name',
  SELLER_ADDRESS: 'address (lines separated by "|")',
  SELLER_VAT_ID: 'VAT id',
};

/**
 * The web process's configuration: `parseEnv`, and a real seller where one is needed
 * (`missingSellerIdentity`): start is refused while the seller's name, address or VAT id is the
 * placeholder ("Musterstraße 1", DE000000000), naming each variable to set. Nothing may be
 * invoiced, nor a legal page shown, in a made-up name.
 */
export function parseWebEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const env = parseEnv(source);
  const missing = missingSellerIdentity(env);
  if (missing.length > 0) {
    const why = isPublicDeployment(env)
      ? `in production (NODE_ENV=production or an https PUBLIC_URL, here ${env.PUBLIC_URL})`
      : 'while Braintree is configured';
    const lines = missing.map((name) => `  ${name}: must be set to the seller's real ${SELLER_VARIABLE_MEANING[name]} ${why}; it is the placeholder now`);
    throw new Error(`Invalid configuration: the seller identity is the placeholder. Set ${missing.join(', ')} (and SELLER_COUNTRY).\n${lines.join('\n')}`);
  }
  return env;
}
