// What every benchmark needs: a current production build, and the server started from it on a free loopback
// port with a throwaway database, stopped again when the benchmark is done.
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Builds unless the build is newer than every source it is made of (or `BENCH_BUILD=1` asks for one). */
export function buildIfNeeded(): void {
  const manifest = path.join(ROOT, 'dist', 'client', '.vite', 'manifest.json');
  const serverEntry = path.join(ROOT, 'dist', 'server');
  const built =
    fs.existsSync(manifest) && fs.existsSync(serverEntry) ? fs.statSync(manifest).mtimeMs : Number.NEGATIVE_INFINITY;
  const sources = Math.max(...['client', 'shared', 'content'].map((dir) => newestMtime(path.join(ROOT, dir))));
  if (process.env.BENCH_BUILD === '1' || sources > built) {
    console.log('Building…');
    // A failed build shows its own error.
    execSync('npm run build', { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(base: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

export interface ProductionServer {
  /** `http://127.0.0.1:<port>`, also the server's SITE_URL. */
  base: string;
  dataDir: string;
  child: ChildProcess;
  /** SIGTERM, wait for the exit, remove the data folder. */
  stop(): Promise<void>;
}

/**
 * Starts `server/index.ts` as `npm start` does, with `env` on top; `dataDir` when the caller seeds one.
 * `discardLog` sends the server's standard output (its log) nowhere, for a benchmark at the production log level.
 */
export async function startProductionServer(
  options: { env?: Record<string, string>; dataDir?: string; discardLog?: boolean } = {},
): Promise<ProductionServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-'));
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', options.discardLog ? 'ignore' : 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, child, stop };
}
