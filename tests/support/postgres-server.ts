import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL server for the tests: Debian's binaries (scripts/ensure-postgres.sh installs them), a
// fresh cluster in a temporary folder, on a free loopback port, with its socket in that folder. Durability is
// off (fsync), since the cluster is deleted at the end anyway.

/** The newest installed server's bin folder, or PG_BIN. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error('PostgreSQL is not installed: run scripts/ensure-postgres.sh (apt-get install postgresql)');
  return path.join(root, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `initdb` and `postgres` refuse to run as root: as root they run as the `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command: string, args: string[]): void {
  const [file, argv] = asServerUser(command, args);
  execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: os.tmpdir() });
}

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/ — add a database name. */
  url(database: string): string;
  stop(): void;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=400',
    '-c shared_buffers=64MB',
  ].join(' ');
  run(path.join(bin, 'pg_ctl'), [
    'start',
    '-w',
    '-t',
    '120',
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    options,
  ]);
  let stopped = false;
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
