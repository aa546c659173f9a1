import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError, envSchema, loadConfig, publicConfig } from './config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The variables `.env.example` documents, with the values it shows. */
function exampleEnv(): Record<string, string> {
  const text = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

test('a fresh checkout needs no variables at all', () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.siteUrl).toBe('http://localhost:3000');
  expect(config.databaseFile).toMatch(/data\/porchlight\.sqlite$/);
  expect(config.isProduction).toBe(false);
});

test('without SITE_URL the site is where the server listens, so another PORT works from the first run', () => {
  expect(loadConfig({ PORT: '4000' }).siteUrl).toBe('http://localhost:4000');
  expect(loadConfig({ HOST: '127.0.0.1', PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
  expect(loadConfig({ HOST: '192.168.1.20', PORT: '4000' }).siteUrl).toBe('http://192.168.1.20:4000');
  expect(loadConfig({ HOST: 'fd00::5', PORT: '4000' }).siteUrl).toBe('http://[fd00::5]:4000');
  // A free port is not known before listening.
  expect(loadConfig({ PORT: '0' }).siteUrl).toBe('http://localhost:3000');
  expect(loadConfig({ PORT: '4000', SITE_URL: 'https://porchlight.ai' }).siteUrl).toBe('https://porchlight.ai');
});

test.each([
  ['PORT', { PORT: '70000' }],
  ['SITE_URL', { SITE_URL: 'not a url' }],
  ['NODE_ENV', { NODE_ENV: 'staging' }],
  ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
])('a bad %s is named in the error', (variable, env) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${variable}: `));
});

test('TRUST_PROXY takes false, a hop count, or addresses, subnets and named ranges', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  expect(loadConfig({ TRUST_PROXY: '203.0.113.7,fd00::/8 , linklocal,uniquelocal' }).trustProxy).toBe(
    '203.0.113.7, fd00::/8, linklocal, uniquelocal',
  );
});

test('TRUST_PROXY=true is refused with one line that says what to set instead', () => {
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
  expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
    /^Invalid environment variable TRUST_PROXY: true would trust any X-Forwarded-For .* set the number of proxies in front of this server \(e\.g\. 1\) or the proxies' addresses or subnets$/,
  );
});

test.each([
  ['yes'],
  ['10.0.0.300'],
  ['10.0.0.0/33'],
  ['fd00::/129'],
  ['10.0.0.0/8/8'],
  ['loopback,'],
  ['proxy.example'],
])('TRUST_PROXY=%s is refused, naming the part that is neither an address nor a subnet', (value) => {
  expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
    /^Invalid environment variable TRUST_PROXY: ".*" is not a hop count, an IP address, a subnet \(CIDR\)/,
  );
});

test.each([
  ['0.0.0.0/0', 'IPv4 address'],
  ['0.0.0.0/1,128.0.0.0/1', 'IPv4 address'],
  ['loopback, 0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/1', 'IPv4 address'],
  ['::ffff:0.0.0.0/96', 'IPv4 address'],
  ['::/0', 'address'],
  ['::/1, 8000::/1', 'address'],
  ['uniquelocal, ::/1, 8000::/2, c000::/2', 'address'],
])(
  'TRUST_PROXY=%s is refused: it trusts every %s, so any client could write its own X-Forwarded-For',
  (value, family) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      new RegExp(
        `^Invalid environment variable TRUST_PROXY: ".*" trusts every ${family}, so any client could write its own X-Forwarded-For and pass every per-address limit; name only your proxies' addresses or subnets$`,
      ),
    );
  },
);

test('TRUST_PROXY takes at most 3 hops: more is refused, as a client would then choose its own address', () => {
  expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
  expect(loadConfig({ TRUST_PROXY: '3' }).trustProxy).toBe(3);
  for (const hops of ['4', '10', '99', '1000']) {
    expect(() => loadConfig({ TRUST_PROXY: hops })).toThrow(
      new RegExp(
        `^Invalid environment variable TRUST_PROXY: ${hops} proxies is more than any deployment puts in front of this server \\(at most 3\\)`,
      ),
    );
  }
});

test('TRUST_PROXY keeps subnets that leave part of each address family out', () => {
  expect(loadConfig({ TRUST_PROXY: '0.0.0.0/1, 128.0.0.0/2' }).trustProxy).toBe('0.0.0.0/1, 128.0.0.0/2');
  expect(loadConfig({ TRUST_PROXY: 'uniquelocal, 2400:cb00::/32, ::ffff:10.0.0.0/104' }).trustProxy).toBe(
    'uniquelocal, 2400:cb00::/32, ::ffff:10.0.0.0/104',
  );
});

test('only the public allowlist reaches the browser', () => {
  const config = loadConfig({ SITE_URL: 'https://porchlight.ai/' });
  expect(publicConfig(config)).toEqual({
    siteUrl: 'https://porchlight.ai',
    directoryUrl: config.directoryUrl,
    calTeam: 'https://cal.com/porchlight',
    promoVideo: config.promoVideo,
    metaPixelId: undefined,
  });
});

test('META_PIXEL_ID is optional, public, and digits only', () => {
  expect(publicConfig(loadConfig({ META_PIXEL_ID: '123456789012345' })).metaPixelId).toBe('123456789012345');
  expect(() => loadConfig({ META_PIXEL_ID: '12345<script>' })).toThrow(
    'Invalid environment variable META_PIXEL_ID: must be a Meta pixel id (digits only)',
  );
});

test('lead settings default to offline checks, a local call driver and the Porchlight calendar team', () => {
  const config = loadConfig({});
  expect(config.leads).toEqual({
    calTeam: 'https://cal.com/porchlight',
    rateLimitPerHour: 10,
    localCallDelayMs: 2000,
    localCallPace: 1,
    outboundTimeoutMs: 5000,
    webhookGiveUpHours: 72,
    retentionDays: 1826,
    emailCheckUrl: undefined,
    phoneCheckUrl: undefined,
    nameCheckUrl: undefined,
  });
  expect(config.secrets.leadWebhookUrl).toBeUndefined();
  expect(config.vapi).toBeUndefined();
});

test('Vapi places calls only with its key, assistant, number and the secret that signs its messages', () => {
  const vapi = {
    VAPI_API_KEY: 'vapi-private-key',
    VAPI_ASSISTANT_ID: 'assistant-1',
    VAPI_PHONE_NUMBER_ID: 'number-1',
    VAPI_SERVER_SECRET: 'a-vapi-server-secret',
  };
  const config = loadConfig(vapi);
  expect(config.vapi).toEqual({ apiUrl: 'https://api.vapi.ai', assistantId: 'assistant-1', phoneNumberId: 'number-1' });
  expect(config.secrets).toMatchObject({ vapiApiKey: 'vapi-private-key', vapiServerSecret: 'a-vapi-server-secret' });
  expect(JSON.stringify(publicConfig(config))).not.toContain('vapi');
  for (const missing of ['VAPI_ASSISTANT_ID', 'VAPI_PHONE_NUMBER_ID', 'VAPI_SERVER_SECRET'] as const) {
    expect(() => loadConfig({ ...vapi, [missing]: undefined })).toThrow(
      `Invalid environment variable ${missing}: required when VAPI_API_KEY is set`,
    );
  }
});

test.each([
  ['EMAIL_CHECK_KEY', { EMAIL_CHECK_URL: 'https://email.example/check' }],
  ['PHONE_CHECK_KEY', { PHONE_CHECK_URL: 'https://phone.example' }],
  ['LEAD_WEBHOOK_URL', { LEAD_WEBHOOK_URL: 'ftp://hooks.example' }],
  ['DEMO_RATE_LIMIT_PER_HOUR', { DEMO_RATE_LIMIT_PER_HOUR: '0' }],
  ['LOCAL_CALL_DELAY_MS', { LOCAL_CALL_DELAY_MS: 'soon' }],
  ['LEAD_WEBHOOK_GIVE_UP_HOURS', { LEAD_WEBHOOK_GIVE_UP_HOURS: '0' }],
  ['LEADS_RETENTION_DAYS', { LEADS_RETENTION_DAYS: 'forever' }],
])('%s is named when it is missing or wrong', (variable, env) => {
  expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${variable}: `));
});

test('the HTTP server holds 64 connections per address, 10 s for headers, 30 s for a request, 5 s idle', () => {
  expect(loadConfig({}).http).toEqual({
    connectionsPerAddress: 64,
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
  });
  // 0: no cap, for a server whose every connection comes from a proxy that limits each visitor itself.
  expect(loadConfig({ CONNECTIONS_PER_ADDRESS: '0' }).http.connectionsPerAddress).toBe(0);
  for (const variable of [
    'CONNECTIONS_PER_ADDRESS',
    'HEADERS_TIMEOUT_MS',
    'REQUEST_TIMEOUT_MS',
    'KEEP_ALIVE_TIMEOUT_MS',
  ]) {
    expect(() => loadConfig({ [variable]: '-1' })).toThrow(new RegExp(`^Invalid environment variable ${variable}: `));
  }
  // Node would refuse to start a server whose headers may take longer than the whole request.
  expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
    'Invalid environment variable HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS (10000)',
  );
});

test('hooks get their own limits: generous for signed requests, strict for bad signatures', () => {
  expect(loadConfig({}).hooks).toEqual({ rateLimitPerMinute: 6000, failureLimitPerMinute: 60 });
  expect(loadConfig({ HOOK_RATE_LIMIT_PER_MINUTE: '100', HOOK_FAILURE_LIMIT_PER_MINUTE: '5' }).hooks).toEqual({
    rateLimitPerMinute: 100,
    failureLimitPerMinute: 5,
  });
  expect(() => loadConfig({ HOOK_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
    /^Invalid environment variable HOOK_RATE_LIMIT_PER_MINUTE: /,
  );
});

test('LEAD_WEBHOOK_SECRET is a secret of its own: 16+ characters, never the same as HOOK_SECRET', () => {
  const secret = 'lead-webhook-secret-0123';
  expect(loadConfig({ LEAD_WEBHOOK_SECRET: secret }).secrets.leadWebhookSecret).toBe(secret);
  expect(loadConfig({}).secrets.leadWebhookSecret).toBeUndefined();
  expect(() => loadConfig({ LEAD_WEBHOOK_SECRET: 'short' })).toThrow(
    /^Invalid environment variable LEAD_WEBHOOK_SECRET: /,
  );
  expect(() => loadConfig({ LEAD_WEBHOOK_SECRET: secret, HOOK_SECRET: secret })).toThrow(
    'Invalid environment variable LEAD_WEBHOOK_SECRET: must differ from HOOK_SECRET',
  );
  expect(JSON.stringify(publicConfig(loadConfig({ LEAD_WEBHOOK_SECRET: secret })))).not.toContain(secret);
});

test('check keys and the webhook URL are secrets, never public', () => {
  const config = loadConfig({
    EMAIL_CHECK_URL: 'https://email.example/check',
    EMAIL_CHECK_KEY: 'email-key-123',
    PHONE_CHECK_URL: 'https://phone.example/',
    PHONE_CHECK_KEY: 'phone-key-123',
    NAME_CHECK_URL: 'https://names.example/validate-name',
    NAME_CHECK_KEY: 'name-key-123',
    LEAD_WEBHOOK_URL: 'https://hooks.example/catch/123/secret-token',
    CAL_TEAM: 'https://cal.com/acme/',
  });
  expect(config.leads.phoneCheckUrl).toBe('https://phone.example');
  expect(config.leads.calTeam).toBe('https://cal.com/acme');
  expect(config.secrets).toMatchObject({
    emailCheckKey: 'email-key-123',
    phoneCheckKey: 'phone-key-123',
    nameCheckKey: 'name-key-123',
    leadWebhookUrl: 'https://hooks.example/catch/123/secret-token',
  });
  const shown = JSON.stringify(publicConfig(config));
  for (const secret of ['key-123', 'secret-token']) expect(shown).not.toContain(secret);
  expect(publicConfig(config).calTeam).toBe('https://cal.com/acme');
});

test('.env.example documents every variable the schema reads, with the defaults the schema applies', () => {
  const example = exampleEnv();
  expect(Object.keys(example).sort()).toEqual(Object.keys(envSchema.shape).sort());
  expect(loadConfig(example)).toEqual(loadConfig({}));
});

test('the README names every configuration variable', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const missing = Object.keys(envSchema.shape).filter((name) => !readme.includes(`\`${name}\``));
  expect(missing).toEqual([]);
});

test('backups default to daily, seven kept, in DATA_DIR/backups; BACKUP_DIR moves them elsewhere', () => {
  const config = loadConfig({ DATA_DIR: '/srv/porchlight' });
  expect(config.backups).toEqual({ dir: '/srv/porchlight/backups', intervalHours: 24, keep: 7 });
  expect(loadConfig({ BACKUP_DIR: '/mnt/offsite', BACKUP_INTERVAL_HOURS: '0' }).backups).toMatchObject({
    dir: '/mnt/offsite',
    intervalHours: 0,
  });
});

test.each([
  ['BACKUP_KEEP', { BACKUP_KEEP: '0' }],
  ['BACKUP_INTERVAL_HOURS', { BACKUP_INTERVAL_HOURS: '-1' }],
  ['BACKUP_INTERVAL_HOURS', { BACKUP_INTERVAL_HOURS: 'daily' }],
])('%s is named when it is wrong', (variable, env) => {
  expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${variable}: `));
});

test('metrics are off unless METRICS_PORT is set, and then bound to loopback unless METRICS_HOST says otherwise', () => {
  expect(loadConfig({}).metrics).toBeUndefined();
  expect(loadConfig({ METRICS_PORT: '0' }).metrics).toBeUndefined();
  expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
  expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
    host: '0.0.0.0',
    port: 9464,
  });
  expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/^Invalid environment variable METRICS_PORT: /);
});

test('DATABASE_URL takes a PostgreSQL URL; in production it needs a SESSION_SECRET and a DO_NOT_CONTACT_KEY shared by every instance', () => {
  const url = 'postgres://porchlight:secret@db.internal:5432/porchlight';
  expect(loadConfig({}).databaseUrl).toBeUndefined();
  expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  expect(() => loadConfig({ DATABASE_URL: 'mysql://db/porchlight' })).toThrow(
    'Invalid environment variable DATABASE_URL: must be a postgres:// or postgresql:// URL',
  );
  expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: url })).toThrow(
    'Invalid environment variable SESSION_SECRET: required with DATABASE_URL in production',
  );
  const secret = 'a-session-secret-of-at-least-32-characters';
  expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, SESSION_SECRET: secret })).toThrow(
    'Invalid environment variable DO_NOT_CONTACT_KEY: required with DATABASE_URL in production',
  );
  const key = 'a-do-not-contact-key-of-32-characters';
  expect(
    loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, SESSION_SECRET: secret, DO_NOT_CONTACT_KEY: key })
      .databaseUrl,
  ).toBe(url);
  expect(() => loadConfig({ DO_NOT_CONTACT_KEY: 'short' })).toThrow(
    /^Invalid environment variable DO_NOT_CONTACT_KEY: /,
  );
});
