import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from '#server/http/trust-proxy.ts';
import { PIXEL_ID_PATTERN } from '#shared/ad-pixel.ts';
import type { PromoVideo, PublicConfig } from '#shared/public-config.ts';

// One schema over the environment, failing fast with the variable's name. Secrets stay in `secrets`; only
// `publicConfig()` reaches the browser.
const port = z.coerce.number().int().min(0).max(65535);

/** Addresses a browser on this machine reaches as `localhost`. */
const LOCAL_HOSTS = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']);

/**
 * SITE_URL when it is unset: the origin a browser on this machine opens, `http://localhost:PORT` (or HOST when it
 * names one address). PORT 0 (a free port, for tests) is not known before listening, so 3000 stands in.
 */
export function defaultSiteUrl(host: string, port: number): string {
  const name = LOCAL_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port || 3000}`;
}

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  // Unset: where the server listens (defaultSiteUrl), so a first run on another PORT works as it is.
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  // Unset: the SQLite file in DATA_DIR. A PostgreSQL URL lets several instances share one database.
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Express "trust proxy", but never one that trusts every address (`true`, a subnet set covering a whole
  // address family) or more hops than a real deployment has: each would believe an X-Forwarded-For any client
  // can write and void every per-address limit (server/http/trust-proxy.ts, README "Running behind a proxy").
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // Prometheus metrics on their own listener, never the public port; unset or 0 means none (README "Metrics").
  METRICS_PORT: port.default(0),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Online copies of the SQLite file (db/backups.ts); 0 hours turns the schedule off.
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(720).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_DIR: z.string().min(1).optional(),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  // What one address may hold of the HTTP server, and its deadlines (server/http/connection-limits.ts).
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().max(600_000).default(5_000),
  DIRECTORY_URL: z.url().default('https://directory.porchlight.ai'),
  PROMO_VIDEO_ID: z
    .string()
    .regex(/^[\w-]{6,20}$/, 'must be a YouTube video id')
    .optional(),
  PROMO_VIDEO_URL: z.string().min(1).default('/media/promo.mp4'),
  PROMO_POSTER_URL: z.string().min(1).default('/media/promo-poster.webp'),
  HOOK_SECRET: z.string().min(16).optional(),
  HOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  HOOK_FAILURE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  // Ad pixel: unset means no pixel code, no requests and nothing extra in the CSP.
  META_PIXEL_ID: z.string().regex(PIXEL_ID_PATTERN, 'must be a Meta pixel id (digits only)').optional(),
  // Operator sessions and visitor tracking.
  CLIENT_DASHBOARD_PASSWORD: z.string().min(8).optional(),
  ANALYTICS_PASSWORD: z.string().min(8).optional(),
  OPERATOR_PASSWORD: z.string().min(8).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  DO_NOT_CONTACT_KEY: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(720).default(12),
  LOGIN_ATTEMPTS_PER_15_MIN: z.coerce.number().int().positive().default(5),
  LOGIN_ROLE_FAILURES_PER_15_MIN: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(500),
  LOGIN_FAILURE_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  VISITS_RETENTION_DAYS: z.coerce.number().int().positive().default(395),
  VISITS_TRUNCATE_IP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  VISITS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Leads, checks and calls. A check without its URL runs offline (server/leads/checks).
  EMAIL_CHECK_URL: z.url({ protocol: /^https?$/ }).optional(),
  EMAIL_CHECK_KEY: z.string().min(1).optional(),
  PHONE_CHECK_URL: z.url({ protocol: /^https?$/ }).optional(),
  PHONE_CHECK_KEY: z.string().min(1).optional(),
  NAME_CHECK_URL: z.url({ protocol: /^https?$/ }).optional(),
  NAME_CHECK_KEY: z.string().min(1).optional(),
  LEAD_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  LEAD_WEBHOOK_SECRET: z.string().min(16).optional(),
  LEAD_WEBHOOK_GIVE_UP_HOURS: z.coerce.number().int().positive().max(8760).default(72),
  LEADS_RETENTION_DAYS: z.coerce.number().int().positive().default(1826),
  CAL_TEAM: z.url({ protocol: /^https?$/ }).default('https://cal.com/porchlight'),
  DEMO_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  LOCAL_CALL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // The scripted call's delays are multiplied by it: 0 plays it at once, 2 at half speed.
  LOCAL_CALL_PACE: z.coerce.number().min(0).max(10).default(1),
  // Vapi places the demo calls when its key is set (server/calls/vapi-placer.ts, README "Call provider").
  VAPI_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.vapi.ai'),
  VAPI_API_KEY: z.string().min(1).optional(),
  VAPI_ASSISTANT_ID: z.string().min(1).max(200).optional(),
  VAPI_PHONE_NUMBER_ID: z.string().min(1).max(200).optional(),
  VAPI_SERVER_SECRET: z.string().min(16).optional(),
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  siteUrl: string;
  dataDir: string;
  /** The SQLite file, used when `databaseUrl` is unset. */
  databaseFile: string;
  /** DATABASE_URL: PostgreSQL instead of the SQLite file. */
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Express "trust proxy": false, a hop count, or a comma-separated list of addresses, subnets and named ranges. */
  trustProxy: false | number | string;
  shutdownTimeoutMs: number;
  /** Where `/metrics` is served, apart from the site; undefined when METRICS_PORT is unset or 0. */
  metrics: MetricsConfig | undefined;
  backups: BackupConfig;
  apiRateLimitPerMinute: number;
  /** Socket.IO connections one client address may hold open at once. */
  socketsPerAddress: number;
  http: HttpConfig;
  directoryUrl: string;
  promoVideo: PromoVideo;
  /** Meta pixel id; public, since the browser loads the pixel with it. */
  metaPixelId: string | undefined;
  sessions: SessionConfig;
  visits: VisitsConfig;
  leads: LeadsConfig;
  hooks: HooksConfig;
  /** Vapi places the demo calls; undefined without VAPI_API_KEY (its key and secret are in `secrets`). */
  vapi: VapiConfig | undefined;
  secrets: Secrets;
}

export interface VapiConfig {
  apiUrl: string;
  /** The assistant that speaks on the calls, and the number it calls from, as Vapi's dashboard names them. */
  assistantId: string;
  phoneNumberId: string;
}

/** What one client address may hold of the HTTP server (server/http/connection-limits.ts). */
export interface HttpConfig {
  /** TCP connections one remote address may hold open at once (a proxy's, behind one); 0 means no cap. */
  connectionsPerAddress: number;
  /** From a request's start to its last header. */
  headersTimeoutMs: number;
  /** From a request's start to the last byte of its body; never shorter than `headersTimeoutMs`. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait idle for its next request. */
  keepAliveTimeoutMs: number;
}

export interface HooksConfig {
  /** Correctly signed hook requests per client address per minute (the automation's own budget). */
  rateLimitPerMinute: number;
  /** Hook requests refused for their signature per client address per minute before the address is refused. */
  failureLimitPerMinute: number;
}

export interface MetricsConfig {
  host: string;
  port: number;
}

export interface BackupConfig {
  /** BACKUP_DIR, or DATA_DIR/backups. */
  dir: string;
  /** Hours between scheduled backups; 0 means none (start-up still backs up before migrating). */
  intervalHours: number;
  /** Backups kept per kind (scheduled and pre-migration), the newest ones. */
  keep: number;
}

export interface LeadsConfig {
  /** Cal.com team URL; the calendar links hang below it (docs/product-rules.md#source-tags). Public. */
  calTeam: string;
  /** Lead form submissions per client IP per hour (demo calls and contact forms, counted apart). */
  rateLimitPerHour: number;
  /** How long the local call driver waits before it rings a call. */
  localCallDelayMs: number;
  /** What the local call driver multiplies its script's delays by. */
  localCallPace: number;
  /** Deadline of every request to a third party (checks and the lead webhook). */
  outboundTimeoutMs: number;
  /** Hours after which the outbox worker stops retrying a lead's delivery (an operator can retry it). */
  webhookGiveUpHours: number;
  /** Days a lead, its consent record, call and delivery are kept. */
  retentionDays: number;
  /** Remote checks; unset means the offline default. Their keys are in `secrets`. */
  emailCheckUrl: string | undefined;
  phoneCheckUrl: string | undefined;
  nameCheckUrl: string | undefined;
}

export interface SessionConfig {
  ttlHours: number;
  /** Failed sign-ins to one role from one client address per 15 minutes before that address gets 429. */
  loginAttemptsPer15Min: number;
  /** Failed sign-ins to one role from all addresses per 15 minutes before every attempt is slowed (never refused). */
  loginRoleFailuresPer15Min: number;
  /** Pause before answering a first failed sign-in; each further failure doubles it (server/sessions/sign-in-throttle.ts). */
  loginFailureDelayMs: number;
  /** The longest such pause. */
  loginFailureMaxDelayMs: number;
}

export interface VisitsConfig {
  retentionDays: number;
  /** Store IPv4 /24 and IPv6 /48 instead of the full address. */
  truncateIp: boolean;
  rateLimitPerMinute: number;
}

/** Kept apart so that nothing in here can be passed to the browser by accident. */
export interface Secrets {
  /** Signs callbacks from the call automation (server/hooks/signing.ts). */
  hookSecret: string | undefined;
  /** Signs the lead deliveries to `leadWebhookUrl`; never HOOK_SECRET, so the receiver cannot call our hooks. */
  leadWebhookSecret: string | undefined;
  /** Role passwords for POST /api/session; unset means that role cannot sign in. */
  clientDashboardPassword: string | undefined;
  analyticsPassword: string | undefined;
  /**
   * Opens the lead inbox: every lead's personal data, its export and erasure (docs/decisions/0002-operator-role.md).
   */
  operatorPassword: string | undefined;
  /** Signs the session cookies; unset means a generated one kept in DATA_DIR (server/sessions/session-secret.ts). */
  sessionSecret: string | undefined;
  /**
   * Keys the do-not-contact list's digests; unset means one derived from the erasure ledger's key in DATA_DIR
   * (server/consent/do-not-contact.ts). Instances sharing a PostgreSQL database need the same one.
   */
  doNotContactKey: string | undefined;
  /** Bearer keys of the remote checks. */
  emailCheckKey: string | undefined;
  phoneCheckKey: string | undefined;
  nameCheckKey: string | undefined;
  /** Where leads are delivered; such URLs usually carry their own token, so it is kept as a secret. */
  leadWebhookUrl: string | undefined;
  /** Vapi's private API key (bearer), and the secret of the HMAC credential that signs its server messages. */
  vapiApiKey: string | undefined;
  vapiServerSecret: string | undefined;
}

/** Thrown with one line that names the offending variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`HOOK_SECRET=` copied from .env.example) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${variable}: ${issue?.message ?? 'invalid value'}`);
  }
  const env = parsed.data;
  // The e-mail and phone services take bearer auth, so a URL without its key is a mistake.
  for (const [url, key] of [
    ['EMAIL_CHECK_URL', 'EMAIL_CHECK_KEY'],
    ['PHONE_CHECK_URL', 'PHONE_CHECK_KEY'],
  ] as const) {
    if (env[url] && !env[key]) {
      throw new ConfigError(`Invalid environment variable ${key}: required when ${url} is set`);
    }
  }
  // The receiver of the lead webhook may be another system than the automation that calls our hooks: with
  // the same key it could sign hook calls.
  if (env.LEAD_WEBHOOK_SECRET && env.LEAD_WEBHOOK_SECRET === env.HOOK_SECRET) {
    throw new ConfigError('Invalid environment variable LEAD_WEBHOOK_SECRET: must differ from HOOK_SECRET');
  }
  // Vapi places calls with all three, and its messages are only believed when signed.
  if (env.VAPI_API_KEY) {
    for (const variable of ['VAPI_ASSISTANT_ID', 'VAPI_PHONE_NUMBER_ID', 'VAPI_SERVER_SECRET'] as const) {
      if (!env[variable])
        throw new ConfigError(`Invalid environment variable ${variable}: required when VAPI_API_KEY is set`);
    }
  }
  // Instances sharing a PostgreSQL database each generate their own secret otherwise, and refuse each other's
  // session cookies behind a load balancer.
  if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
    throw new ConfigError(
      'Invalid environment variable SESSION_SECRET: required with DATABASE_URL in production, the same on every instance',
    );
  }
  // Each instance would key the do-not-contact list with its own DATA_DIR's key otherwise, and not find a number
  // another instance listed.
  if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.DO_NOT_CONTACT_KEY) {
    throw new ConfigError(
      'Invalid environment variable DO_NOT_CONTACT_KEY: required with DATABASE_URL in production, the same on every instance',
    );
  }
  // Node refuses a server whose headers may take longer than the whole request.
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid environment variable HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (${env.REQUEST_TIMEOUT_MS})`,
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    siteUrl: (env.SITE_URL ?? defaultSiteUrl(env.HOST, env.PORT)).replace(/\/$/, ''),
    dataDir,
    databaseFile: path.join(dataDir, 'porchlight.sqlite'),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    metrics: env.METRICS_PORT ? { host: env.METRICS_HOST, port: env.METRICS_PORT } : undefined,
    backups: {
      dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(dataDir, 'backups'),
      intervalHours: env.BACKUP_INTERVAL_HOURS,
      keep: env.BACKUP_KEEP,
    },
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    socketsPerAddress: env.SOCKETS_PER_ADDRESS,
    http: {
      connectionsPerAddress: env.CONNECTIONS_PER_ADDRESS,
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
    },
    directoryUrl: env.DIRECTORY_URL,
    promoVideo: { youtubeId: env.PROMO_VIDEO_ID, url: env.PROMO_VIDEO_URL, posterUrl: env.PROMO_POSTER_URL },
    metaPixelId: env.META_PIXEL_ID,
    sessions: {
      ttlHours: env.SESSION_TTL_HOURS,
      loginAttemptsPer15Min: env.LOGIN_ATTEMPTS_PER_15_MIN,
      loginRoleFailuresPer15Min: env.LOGIN_ROLE_FAILURES_PER_15_MIN,
      loginFailureDelayMs: env.LOGIN_FAILURE_DELAY_MS,
      loginFailureMaxDelayMs: env.LOGIN_FAILURE_MAX_DELAY_MS,
    },
    visits: {
      retentionDays: env.VISITS_RETENTION_DAYS,
      truncateIp: env.VISITS_TRUNCATE_IP,
      rateLimitPerMinute: env.VISITS_RATE_LIMIT_PER_MINUTE,
    },
    leads: {
      calTeam: env.CAL_TEAM.replace(/\/+$/, ''),
      rateLimitPerHour: env.DEMO_RATE_LIMIT_PER_HOUR,
      localCallDelayMs: env.LOCAL_CALL_DELAY_MS,
      localCallPace: env.LOCAL_CALL_PACE,
      outboundTimeoutMs: env.OUTBOUND_TIMEOUT_MS,
      webhookGiveUpHours: env.LEAD_WEBHOOK_GIVE_UP_HOURS,
      retentionDays: env.LEADS_RETENTION_DAYS,
      emailCheckUrl: env.EMAIL_CHECK_URL?.replace(/\/+$/, ''),
      phoneCheckUrl: env.PHONE_CHECK_URL?.replace(/\/+$/, ''),
      nameCheckUrl: env.NAME_CHECK_URL,
    },
    hooks: {
      rateLimitPerMinute: env.HOOK_RATE_LIMIT_PER_MINUTE,
      failureLimitPerMinute: env.HOOK_FAILURE_LIMIT_PER_MINUTE,
    },
    vapi:
      env.VAPI_API_KEY && env.VAPI_ASSISTANT_ID && env.VAPI_PHONE_NUMBER_ID
        ? {
            apiUrl: env.VAPI_API_URL.replace(/\/+$/, ''),
            assistantId: env.VAPI_ASSISTANT_ID,
            phoneNumberId: env.VAPI_PHONE_NUMBER_ID,
          }
        : undefined,
    secrets: {
      hookSecret: env.HOOK_SECRET,
      leadWebhookSecret: env.LEAD_WEBHOOK_SECRET,
      clientDashboardPassword: env.CLIENT_DASHBOARD_PASSWORD,
      analyticsPassword: env.ANALYTICS_PASSWORD,
      operatorPassword: env.OPERATOR_PASSWORD,
      sessionSecret: env.SESSION_SECRET,
      doNotContactKey: env.DO_NOT_CONTACT_KEY,
      emailCheckKey: env.EMAIL_CHECK_KEY,
      phoneCheckKey: env.PHONE_CHECK_KEY,
      nameCheckKey: env.NAME_CHECK_KEY,
      leadWebhookUrl: env.LEAD_WEBHOOK_URL,
      vapiApiKey: env.VAPI_API_KEY,
      vapiServerSecret: env.VAPI_SERVER_SECRET,
    },
  };
}

export function publicConfig(config: Config): PublicConfig {
  return {
    siteUrl: config.siteUrl,
    directoryUrl: config.directoryUrl,
    calTeam: config.leads.calTeam,
    promoVideo: config.promoVideo,
    metaPixelId: config.metaPixelId,
  };
}
