import { expect, test } from 'vitest';
import { ConfigError, loadConfig, publicConfig } from './config.ts';

test('a fresh checkout needs no variables at all', () => {
  const config = loadConfig({});
  expect(config.port).toBe(3000);
  expect(config.siteUrl).toBe('http://localhost:3000');
  expect(config.databaseFile).toMatch(/data\/porchlight\.sqlite$/);
  expect(config.isProduction).toBe(false);
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

test('TRUST_PROXY takes a boolean, a hop count or a subnet list', () => {
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
});

test('only the public allowlist reaches the browser', () => {
  const config = loadConfig({ SITE_URL: 'https://porchlight.ai/' });
  expect(publicConfig(config)).toEqual({ siteUrl: 'https://porchlight.ai', directoryUrl: config.directoryUrl });
});
