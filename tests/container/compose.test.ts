import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest';
import { signedHeaders } from '#server/hooks/signing.ts';
import { CALL_JOIN_EVENT, CALL_STATUS_EVENT, type CallStatusEvent } from '#shared/call-status-protocol.ts';
import { command, composeCommand, docker, ROOT, RUN_LABEL, waitFor } from '#tests/container/support/docker.ts';
import {
  exportedEmails,
  HIGH_LIMITS,
  inboxEmails,
  lead,
  OPERATOR_PASSWORD,
  postLead,
  signInAsOperator,
  status,
} from '#tests/container/support/site.ts';

// compose.yaml as the README runs it: PostgreSQL, the migrate job, two replicas of the app and nginx in front,
// reached only through nginx's port (published on 127.0.0.1) and, for /metrics, from inside the compose network.
// What compose.yaml leaves to the operator comes from the environment and an override file, as the README says.

const SITE_URL = 'http://localhost:8080';
const HOOK_SECRET = 'container-test-hook-secret';
const IMAGE = 'porchlight-test:compose';
const project = `porchlight-test-${process.pid}`;
let compose: (args: string[], timeoutMs?: number) => ReturnType<typeof command>;
let lb: string;
let dir: string;
const sockets: Socket[] = [];

async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function overrideFile(run: string): string {
  const labels = `      ${RUN_LABEL}: "${run}"`;
  const service = (name: string, extra = '') => `  ${name}:\n    labels:\n${labels}\n${extra}`;
  const app = `    image: ${IMAGE}\n`;
  const settings = {
    OPERATOR_PASSWORD,
    HOOK_SECRET,
    ...HIGH_LIMITS,
    // The hook, not the local call driver, moves the test's call.
    LOCAL_CALL_DELAY_MS: '60000',
    PHONE_CHECK_URL: 'http://phone-check:8080',
    PHONE_CHECK_KEY: 'container-test-phone-check-key',
  };
  const environment = `    environment:\n${Object.entries(settings)
    .map(([name, value]) => `      ${name}: "${value}"`)
    .join('\n')}\n`;
  return [
    'services:',
    service('postgres'),
    service('migrate', app),
    service('app', app + environment),
    service('lb'),
    // The image the run built: compose builds its own only for the services that name `build`.
    service('phone-check', phoneCheckService(inject('image'))),
    'volumes:',
    `  postgres-data:\n    labels:\n  ${labels}`,
    'networks:',
    `  default:\n    labels:\n  ${labels}`,
    '',
  ].join('\n');
}

/** A time zone where it is noon now, so a demo call is inside calling hours for the next eight hours. */
function zoneAtNoon(now: Date): string {
  const offset = 12 - now.getUTCHours();
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/**
 * The phone check service, faked on the compose network: every number is valid and in a zone where it is noon.
 * US numbers span UTC−10 to UTC+10, so from 10:00 to 13:00 UTC none is inside calling hours by its area code, and a
 * demo call would be scheduled instead of placed with an id to follow.
 */
function phoneCheckService(image: string): string {
  const reply = JSON.stringify({
    status: 'success',
    data: { status: 'valid', country_timezone: zoneAtNoon(new Date()) },
  });
  const script = `require('node:http').createServer((req, res) => req.resume().on('end', () => res.setHeader('content-type', 'application/json').end(${JSON.stringify(reply)}))).listen(8080)`;
  return `    image: ${image}\n    command: ${JSON.stringify(['node', '-e', script])}\n    healthcheck:\n      disable: true\n`;
}

async function containersOf(service: string): Promise<string[]> {
  const filters = [`label=com.docker.compose.project=${project}`, `label=com.docker.compose.service=${service}`];
  const { stdout } = await docker(['ps', '-q', ...filters.flatMap((filter) => ['--filter', filter])]);
  return stdout.trim().split('\n').filter(Boolean);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-compose-'));
  fs.writeFileSync(path.join(dir, 'override.yaml'), overrideFile(inject('run')));
  // No .env of the working tree: everything compose.yaml interpolates is given here.
  fs.writeFileSync(path.join(dir, 'empty.env'), '');
  const port = await freeLoopbackPort();
  const env = {
    ...process.env,
    POSTGRES_PASSWORD: 'container-test-postgres-password',
    SITE_URL,
    SESSION_SECRET: 'container-test-session-secret-0123456789abcdef',
    DO_NOT_CONTACT_KEY: 'container-test-do-not-contact-key-0123456789abcdef',
    LB_PORT: `127.0.0.1:${port}`,
  };
  const [file = 'docker', ...prefix] = await composeCommand();
  const files = ['-f', path.join(ROOT, 'compose.yaml'), '-f', path.join(dir, 'override.yaml')];
  compose = (args, timeoutMs = 120_000) =>
    command(file, [...prefix, '-p', project, ...files, '--env-file', path.join(dir, 'empty.env'), ...args], {
      env,
      timeoutMs,
    });
  lb = `http://127.0.0.1:${port}`;
  const started = performance.now();
  await compose(['up', '-d', '--build'], 30 * 60_000);
  await waitFor('nginx answers /healthz', async () => (await status(`${lb}/healthz`, 2_000)) === 200, {
    timeoutMs: 120_000,
    intervalMs: 500,
  });
  console.log(
    `${[file, ...prefix].join(' ')} up: serving through nginx after ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') console.log((await compose(['logs', '--tail', '30'])).stdout);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  try {
    if (compose) await compose(['down', '-v', '--remove-orphans', '-t', '20'], 180_000);
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('two replicas, the migrate job done, PostgreSQL and nginx run; nginx alone is published, on 127.0.0.1', async () => {
  expect(await containersOf('app')).toHaveLength(2);
  const [migrate] = (
    await docker([
      'ps',
      '-aq',
      '--filter',
      `label=com.docker.compose.project=${project}`,
      '--filter',
      'label=com.docker.compose.service=migrate',
    ])
  ).stdout
    .trim()
    .split('\n');
  expect(migrate).toBeTruthy();
  expect((await docker(['inspect', '-f', '{{.State.Status}} {{.State.ExitCode}}', migrate ?? ''])).stdout.trim()).toBe(
    'exited 0',
  );
  const published: string[] = [];
  for (const service of ['postgres', 'app', 'lb']) {
    for (const id of await containersOf(service)) {
      const { stdout } = await docker(['port', id]);
      published.push(
        ...stdout
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => `${service} ${line}`),
      );
    }
  }
  expect(published).toEqual([`lb 80/tcp -> ${lb.replace('http://', '')}`]);
});

test('a lead sent through nginx is accepted once', async () => {
  const form = lead('contact', 'compose-once', 1);
  expect((await postLead(lb, form, SITE_URL)).status).toBe(201);
  const cookie = await signInAsOperator(lb, SITE_URL);
  expect((await inboxEmails(lb, cookie)).filter((email) => email === form.email)).toHaveLength(1);
});

function follow(callId: string, transport: 'websocket' | 'polling') {
  const socket = io(lb, { transports: [transport], reconnection: false, extraHeaders: { origin: SITE_URL } });
  sockets.push(socket);
  const heard: CallStatusEvent[] = [];
  socket.on(CALL_STATUS_EVENT, (event: CallStatusEvent) => heard.push(event));
  const joined = socket.timeout(30_000).emitWithAck(CALL_JOIN_EVENT, callId);
  return { socket, heard, joined };
}

test('a call-status hook sent through nginx reaches browsers following the call through nginx, by WebSocket and by long-polling', async () => {
  const form = lead('demo-call', 'compose-call', 1);
  const created = await postLead(lb, form, SITE_URL);
  expect(created).toMatchObject({ status: 201, body: { status: 'preparing' } });
  const callId = String(created.body.callId);

  const followers = [follow(callId, 'websocket'), follow(callId, 'polling')];
  for (const { joined } of followers) expect(await joined).toMatchObject({ callId, status: 'preparing' });
  expect(followers.map(({ socket }) => socket.io.engine.transport.name)).toEqual(['websocket', 'polling']);

  const body = JSON.stringify({ callId, status: 'completed' });
  const hook = await fetch(`${lb}/api/hooks/call-status`, {
    method: 'POST',
    headers: signedHeaders(HOOK_SECRET, { method: 'POST', path: '/api/hooks/call-status', body }, new Date()),
    body,
    signal: AbortSignal.timeout(20_000),
  });
  expect(hook.status).toBeLessThan(300);
  for (const { heard } of followers) {
    await waitFor(
      'the follower hears the call completed',
      async () => heard.some((event) => event.status === 'completed'),
      {
        timeoutMs: 30_000,
      },
    );
  }
});

test('killing one replica while leads arrive through nginx loses no lead that was answered 201', async () => {
  const [victim] = await containersOf('app');
  const answers: { email: string; status: number }[] = [];
  let next = 0;
  let killedAt = 0;
  let giveUp = false;
  // Four browsers, until 100 more leads have been sent after the kill.
  const browser = async () => {
    while (!giveUp && (killedAt === 0 || answers.length < killedAt + 100)) {
      const form = lead('contact', 'compose-kill', next++);
      answers.push({ email: form.email, status: (await postLead(lb, form, SITE_URL)).status });
    }
  };
  const browsers = Array.from({ length: 4 }, browser);
  try {
    await waitFor('20 leads accepted', async () => answers.filter((a) => a.status === 201).length >= 20, {
      timeoutMs: 60_000,
      intervalMs: 10,
    });
    await docker(['kill', victim ?? '']);
    killedAt = answers.length;
  } finally {
    giveUp = killedAt === 0;
    await Promise.all(browsers);
  }
  const created = answers.filter((a) => a.status === 201).map((a) => a.email);
  const failed = answers.filter((a) => a.status !== 201);
  console.log(
    `Through nginx: ${created.length} leads answered 201, ${failed.length} not (${[...new Set(failed.map((a) => a.status))].join(', ') || 'none'}) around the kill`,
  );
  // The surviving replica carried the traffic after the kill.
  expect(answers.slice(-20).every((a) => a.status === 201)).toBe(true);
  const stored = await exportedEmails(lb, await signInAsOperator(lb, SITE_URL));
  expect(created.filter((email) => !stored.includes(email))).toEqual([]);
  expect(new Set(stored).size).toBe(stored.length);
});

test('/metrics answers on the compose network and is not published to the host', async () => {
  const [app] = await containersOf('app');
  const network = (
    await docker(['inspect', '-f', '{{range $name, $n := .NetworkSettings.Networks}}{{$name}}{{end}}', app ?? ''])
  ).stdout.trim();
  const probe = "fetch('http://app:9464/metrics').then(async (r) => console.log(r.status, (await r.text()).length))";
  const { stdout } = await docker(
    [
      'run',
      '--rm',
      '--label',
      `${RUN_LABEL}=${inject('run')}`,
      '--network',
      network,
      '--entrypoint',
      'node',
      IMAGE,
      '-e',
      probe,
    ],
    { timeoutMs: 60_000 },
  );
  const [code, length] = stdout.trim().split(' ');
  expect(code).toBe('200');
  expect(Number(length)).toBeGreaterThan(100);
  for (const id of await containersOf('app')) expect((await docker(['port', id])).stdout.trim()).toBe('');
});
