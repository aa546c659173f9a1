import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output(): string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

/**
 * Runs the production server as `npm start` does, on a free loopback port, and resolves once it listens.
 * `script` may be another entry that builds it the same way (the browser tests' tests/support/e2e-server.ts).
 */
export async function startServerProcess(
  env: Record<string, string>,
  script = 'server/index.ts',
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      ...env,
    },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /"port":(\d+)[^\n]*listening on/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
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
