import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { checkpoint, type DB } from '#db/database.ts';
import { isPostgres } from '#db/dialect.ts';
import { fsyncDir } from '#db/durable-files.ts';
import { cleanPhone } from '#shared/phone.ts';
import type { PrivacySubject } from '#shared/privacy-request-schema.ts';

// Who was erased, kept so that `npm run db:restore` can erase them again in a backup taken before: a keyed hash
// of each erased phone number or e-mail address, never the number or address. It lives beside the SQLite file,
// not in it, since a restore replaces that file with an older one (docs/decisions/0015-erasure-ledger.md).

/** One digest per line, after a comment line; mode 0600 like the database. */
export const LEDGER_FILE = 'erasure-ledger';
/** The HMAC key, generated with the first erasure. Without it the ledger cannot be matched against anyone. */
export const KEY_FILE = 'erasure-key';

const HEADER =
  '# Porchlight erasure ledger: HMAC-SHA256 (keyed by erasure-key) of each erased phone number and e-mail ' +
  'address. npm run db:restore erases them again in the restored database.\n';

/** The ledger cannot be used; the message says why and what to do. */
export class ErasureLedgerError extends Error {
  override name = 'ErasureLedgerError';
}

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/** What is hashed: the number as every phone field cleans it, the address as privacy requests match it. */
function identifierOf(subject: PrivacySubject): string {
  return subject.phone !== undefined
    ? `phone:${cleanPhone(subject.phone)}`
    : `email:${(subject.email ?? '').trim().toLowerCase()}`;
}

export interface ErasureLedger {
  /** The folder that holds the ledger and its key. */
  dir: string;
  /** Adds the person's digest (once), flushed to the disk before it returns. */
  record(subject: PrivacySubject): void;
  /** The recorded erasures; throws ErasureLedgerError when there are some but their key is gone. */
  load(): RecordedErasures;
  /** The ledger's HMAC key, generated when there is none yet; the do-not-contact list derives its own from it. */
  key(): Buffer;
}

export interface RecordedErasures {
  count: number;
  /** Whether this phone number or e-mail address was erased. */
  includes(subject: PrivacySubject): boolean;
}

/** The ledger kept in `dir` (DATA_DIR). */
export function erasureLedger(dir: string): ErasureLedger {
  const ledgerFile = path.join(dir, LEDGER_FILE);
  const keyFile = path.join(dir, KEY_FILE);

  function readKey(): Buffer | undefined {
    try {
      return Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64url');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return undefined;
      throw error;
    }
  }

  function keyForWriting(): Buffer {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      // 'wx': two erasures at once keep the first key.
      fs.writeFileSync(keyFile, `${crypto.randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
      fsyncDir(dir);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const key = readKey();
    if (!key || key.length < 32) throw new ErasureLedgerError(`${keyFile} is damaged: it must hold a 32-byte key`);
    return key;
  }

  function digests(): Set<string> {
    try {
      const lines = fs.readFileSync(ledgerFile, 'utf8').split('\n');
      return new Set(lines.filter((line) => /^[0-9a-f]{64}$/.test(line)));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return new Set();
      throw error;
    }
  }

  const digestOf = (key: Buffer, subject: PrivacySubject) =>
    crypto.createHmac('sha256', key).update(identifierOf(subject)).digest('hex');

  return {
    dir,
    key: keyForWriting,
    record(subject) {
      const digest = digestOf(keyForWriting(), subject);
      if (digests().has(digest)) return;
      const created = !fs.existsSync(ledgerFile);
      const fd = fs.openSync(ledgerFile, 'a', 0o600);
      try {
        fs.writeSync(fd, `${created ? HEADER : ''}${digest}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      if (created) fsyncDir(dir);
    },
    load() {
      const recorded = digests();
      if (recorded.size === 0) return { count: 0, includes: () => false };
      const key = readKey();
      if (!key) {
        throw new ErasureLedgerError(
          `${ledgerFile} lists ${recorded.size} erasure(s) but ${keyFile} is missing, so they cannot be matched: ` +
            'put the key back from the copy of DATA_DIR the ledger came from',
        );
      }
      return { count: recorded.size, includes: (subject) => recorded.has(digestOf(key, subject)) };
    },
  };
}

/** The ledger beside this SQLite database file; none for PostgreSQL or a database in memory. */
export async function ledgerOf(db: DB): Promise<ErasureLedger | undefined> {
  if (isPostgres(db)) return undefined;
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((row) => row.name === 'main')?.file;
  return file ? erasureLedger(path.dirname(file)) : undefined;
}

/** Before the rows go: the erasure is recorded first, so a restore applies it even if the deletion then fails. */
export async function recordErasure(db: DB, subject: PrivacySubject): Promise<void> {
  (await ledgerOf(db))?.record(subject);
}

/**
 * After the rows went: the write-ahead log still holds their earlier versions until a checkpoint copies it into
 * the file and empties it (SQLite only).
 */
export async function flushErasure(db: DB): Promise<void> {
  if (!isPostgres(db)) await checkpoint(db);
}
