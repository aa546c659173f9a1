import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the port once the server says it listens; rejects if it exits first. */
  listening: Promise<number>;
  /** Resolves with the exit code (null after a signal) once the process has ended and its output is read. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout contains `text` (now or later). */
  printed(text: string): Promise<void>;
}

/**
 * Runs the production server as `npm start` does, in its own process, on a free loopback port unless `env` says
 * otherwise. `script` may be another entry that builds it the same way (the browser tests'
 * tests/support/e2e-server.ts).
 */
export function startServer(env: Record<string, string>, script = 'server/index.ts'): ServerProcess {
  const child = spawn(process.execPath, [script], {
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
  // 'close' rather than 'exit': by then both outputs have been read to their end.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const printed = (text: string) =>
    out.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ text, resolve }));
  // The port of the log line that says it listens (another line may name the metrics listener's).
  const listening = Promise.race([
    printed('listening on').then(() => Number(/"port":(\d+)[^\n]*listening on/.exec(out)?.[1])),
    exited.then((code) => {
      throw new Error(`the server exited (${code}) before listening:\n${out}${err}`);
    }),
  ]);
  listening.catch(() => undefined);
  return { child, listening, exited, stdout: () => out, stderr: () => err, printed };
}

/** A server started by `startServer` that listens, with its address. */
export interface ListeningServer extends ServerProcess {
  url: string;
}

/** `startServer`, resolved once the server listens. */
export async function startListeningServer(
  env: Record<string, string>,
  script = 'server/index.ts',
): Promise<ListeningServer> {
  const server = startServer(env, script);
  return { ...server, url: `http://127.0.0.1:${await server.listening}` };
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

let sequence = 0;
/** A valid US number (area code 210, in Texas) nobody else in this test file uses. */
function nextPhone() {
  sequence += 1;
  return `210${300 + Math.floor(sequence / 10_000)}${String(sequence % 10_000).padStart(4, '0')}`;
}

/** Posts one demo call or contact lead; resolves with its phone when the server answered 201. */
export async function postLead(base: string, kind: 'demo' | 'contact'): Promise<string | undefined> {
  const phone = nextPhone();
  const body =
    kind === 'demo'
      ? { fullName: 'Dana Whitfield', phone, email: 'dana@example.com', consent: true }
      : {
          firstName: 'Dana',
          lastName: 'Whitfield',
          phoneNumber: phone,
          companyName: 'Whitfield Homes',
          email: 'dana@example.com',
        };
  const res = await fetch(`${base}/api/${kind === 'demo' ? 'demo-calls' : 'contact'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status === 201 ? phone : undefined;
}

export type ReceiverMode = 'ok' | 'down' | 'error' | 'hang';

/**
 * A stand-in for the lead webhook's receiver: it can refuse connections, answer 500 or hang, and counts the
 * payloads it accepted (answered 2xx) by the lead's id.
 */
export async function startReceiver() {
  let mode: ReceiverMode = 'ok';
  /** Payloads answered 2xx, by lead id. */
  const accepted = new Map<string, number>();
  /** The phone number of each accepted lead id. */
  const phones = new Map<string, string>();
  /** When each lead id's payloads were answered 2xx (performance.now()), in order. */
  const acceptedAt = new Map<string, number[]>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (mode === 'error') {
        res.writeHead(500).end('receiver failing');
        return;
      }
      if (mode === 'hang') {
        hanging.add(res);
        return;
      }
      const payload: unknown = JSON.parse(body);
      const leadId: unknown = payload && typeof payload === 'object' ? Reflect.get(payload, 'leadId') : undefined;
      if (typeof leadId === 'string' && payload && typeof payload === 'object') {
        accepted.set(leadId, (accepted.get(leadId) ?? 0) + 1);
        acceptedAt.set(leadId, [...(acceptedAt.get(leadId) ?? []), performance.now()]);
        phones.set(leadId, String(Reflect.get(payload, 'phone') ?? Reflect.get(payload, 'phoneNumber')));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`,
    accepted,
    phones,
    acceptedAt,
    /** How many times each phone number's lead was accepted. */
    deliveredPhones(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const [leadId, times] of accepted) {
        const phone = phones.get(leadId) ?? '';
        counts.set(phone, (counts.get(phone) ?? 0) + times);
      }
      return counts;
    },
    setMode(next: ReceiverMode) {
      mode = next;
      if (next !== 'hang') {
        for (const res of hanging) res.socket?.destroy();
        hanging.clear();
      }
    },
    async close() {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Polls `check` until it returns true or `timeoutMs` passes; resolves with the time it took. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}
