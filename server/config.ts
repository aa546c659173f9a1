import path from 'node:path';
import { z } from 'zod';
import type { PublicConfig } from '#shared/public-config.ts';

// One schema over the environment (STYLE §5). Secrets stay in `secrets`; only
// `publicConfig()` reaches the browser.
const port = z.coerce.number().int().min(0).max(65535);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  DATA_DIR: z.string().min(1).default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string => {
      if (v === 'true') return true;
      if (v === 'false') return false;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  DIRECTORY_URL: z.url().default('https://directory.porchlight.ai'),
  HOOK_SECRET: z.string().min(16).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  siteUrl: string;
  dataDir: string;
  databaseFile: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean | number | string;
  shutdownTimeoutMs: number;
  apiRateLimitPerMinute: number;
  directoryUrl: string;
  secrets: Secrets;
}

/** Kept apart so that nothing in here can be passed to the browser by accident. */
export interface Secrets {
  /** Signs callbacks from the call automation (server/middleware/signed-webhook.ts). */
  hookSecret: string | undefined;
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
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    siteUrl: env.SITE_URL.replace(/\/$/, ''),
    dataDir,
    databaseFile: path.join(dataDir, 'porchlight.sqlite'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    apiRateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
    directoryUrl: env.DIRECTORY_URL,
    secrets: { hookSecret: env.HOOK_SECRET },
  };
}

export function publicConfig(config: Config): PublicConfig {
  return { siteUrl: config.siteUrl, directoryUrl: config.directoryUrl };
}
