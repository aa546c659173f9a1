import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resolveSessionSecret } from './session-secret.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-secret-'));
  dirs.push(dir);
  return dir;
}

test('a configured SESSION_SECRET is used as is and nothing is written', () => {
  const dir = tempDir();
  expect(resolveSessionSecret(dir, 'x'.repeat(40))).toBe('x'.repeat(40));
  expect(fs.existsSync(path.join(dir, 'session-secret'))).toBe(false);
});

test('without one, a random secret is generated once, kept with mode 0600, and reused', () => {
  const dir = path.join(tempDir(), 'nested');
  const first = resolveSessionSecret(dir, undefined);
  expect(first).toMatch(/^[\w-]{43}$/);
  const file = path.join(dir, 'session-secret');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  expect(resolveSessionSecret(dir, undefined)).toBe(first);
  expect(resolveSessionSecret(tempDir(), undefined)).not.toBe(first);
});

test('a kept secret that is too short stops start-up with the file named', () => {
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'session-secret'), 'short');
  expect(() => resolveSessionSecret(dir, undefined)).toThrow(/session-secret holds a session secret shorter than 32/);
});
