import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the port once the server listens; rejects if it exits first. */
  listening: Promise<number>;
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout contains `text` (now or later). */
  printed(text: string): Promise<void>;
}

/** `server/index.ts` as `npm start` runs it (production build), in its own process, on a free loopback port. */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
  });
  let out = '';
  let err = '';
  const waiting: { text: string; resolve: () => void }[] = [];
  child.stdout.on('data', (chunk) => {
    out += chunk;
    for (const wait of waiting.filter((w) => out.includes(w.text))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = (text: string) =>
    out.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ text, resolve }));
  const listening = Promise.race([
    printed('listening on').then(() => Number(/"port":(\d+)/.exec(out)?.[1])),
    exited.then((code) => {
      throw new Error(`the server exited (${code}) before listening: ${err}`);
    }),
  ]);
  listening.catch(() => undefined);
  return { child, listening, exited, stdout: () => out, stderr: () => err, printed };
}

/** Runs one of the repo's command line scripts (e.g. `server/commands/db-backup.ts`) to its end. */
export async function runScript(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    // execFile rejects on a non-zero exit with the code and both outputs on the error.
    if (!(error instanceof Error && 'code' in error && typeof error.code === 'number')) throw error;
    const output = (name: string) => (name in error ? String(Reflect.get(error, name)) : '');
    return { code: error.code, stdout: output('stdout'), stderr: output('stderr') };
  }
}
