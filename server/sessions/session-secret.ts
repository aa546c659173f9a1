import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const MIN_LENGTH = 32;

function alreadyExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

/**
 * The secret that signs session cookies: SESSION_SECRET when set, otherwise one generated on first start and
 * kept in `${dataDir}/session-secret` (mode 0600), so a fresh checkout works with no keys and sessions survive
 * restarts.
 */
export function resolveSessionSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  // Owner-only, like the database beside it (db/database.ts).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first one's secret.
    fs.writeFileSync(file, `${crypto.randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(`${file} holds a session secret shorter than ${MIN_LENGTH} characters; delete it to get a new one`);
  }
  return secret;
}
