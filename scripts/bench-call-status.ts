// `npm run bench:call-status`: how long a call's news takes from the hook that brings it to the browser's
// Socket.IO event (docs/product-rules.md#budgets). Starts the production server on a free loopback port with a
// HOOK_SECRET and Vapi configured (its API is never reached: the calls are stored as placed), stores CALLS demo
// calls, follows each from its own socket as the dialog does, then posts signed `calling` hooks: one at a time,
// then all at once. Then Vapi's transcript messages, TRANSCRIPT_CALLS calls at once, ROUNDS times: hook → the
// browser's `call:transcript`; then the same against a plain node:http server with Socket.IO that only relays the
// lines (scripts/lib/reference-push-server.ts), the floor of this machine and harness, with the ratio. Prints
// p50 / p99 / max. Bounded in count and time; stops by itself.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { request } from 'undici';
import { followCall } from '#client/features/demo-call/follow-call.ts';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { signBody, signedHeaders, VAPI_SIGNATURE_HEADER } from '#server/hooks/signing.ts';
import { CALL_JOIN_EVENT, CALL_TRANSCRIPT_EVENT, type CallTranscriptEvent } from '#shared/call-status-protocol.ts';
import { buildIfNeeded, startProductionServer } from './lib/production-server.ts';
import { startReferencePushServer } from './lib/reference-push-server.ts';

const CALLS = Math.min(Number(process.env.BENCH_CALLS ?? 200), 1000);
const TRANSCRIPT_CALLS = Math.min(Number(process.env.BENCH_TRANSCRIPT_CALLS ?? 50), CALLS);
const ROUNDS = Math.min(Number(process.env.BENCH_TRANSCRIPT_ROUNDS ?? 20), 50);
const WARMUP_ROUNDS = Math.min(Number(process.env.BENCH_WARMUP_ROUNDS ?? 10), 50);
const DEADLINE_MS = 120_000;
const SECRET = crypto.randomBytes(24).toString('hex');
const VAPI_SECRET = crypto.randomBytes(24).toString('hex');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return `${label.padEnd(28)} n=${sorted.length}  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`;
}

/**
 * CPU time the server process has used so far, in ms (Linux's /proc; undefined elsewhere). Per message it shows
 * what a burst costs the server whatever else the machine runs, which wall-clock latency does not.
 */
function serverCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
    // utime and stime, fields 14 and 15 of the line, in clock ticks of 10 ms.
    return (Number(fields?.[11]) + Number(fields?.[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Runs `burst` and says how much CPU each of its `count` messages took the server, and this process: the browsers
 * and the hooks' sender, which share the machine with the server. When the sender's figure nears the server's,
 * the harness, not the server, sets the pace.
 */
async function cpuPer<T>(pid: number | undefined, count: number, burst: () => Promise<T>): Promise<[T, string]> {
  const before = serverCpuMs(pid);
  const ours = process.cpuUsage();
  const result = await burst();
  const after = serverCpuMs(pid);
  const used = process.cpuUsage(ours);
  const each = before === undefined || after === undefined ? 'n/a' : `${((after - before) / count).toFixed(2)} ms`;
  const sender = `${((used.user + used.system) / 1000 / count).toFixed(2)} ms`;
  return [result, `  CPU per message: server ${each}, sender ${sender}`];
}

/** The call rows the API would store for accepted demo calls (leads + call_notifications). */
async function storeCalls(databaseFile: string, count: number): Promise<string[]> {
  const db = createDatabase(databaseFile);
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const ids: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const leadId = crypto.randomUUID();
      const callId = crypto.randomUUID();
      const phone = `210867${String(1000 + i).padStart(4, '0')}`;
      await trx
        .insertInto('leads')
        .values({
          id: leadId,
          kind: 'demo',
          full_name: `Bench Caller ${i}`,
          first_name: null,
          last_name: null,
          company_name: null,
          phone,
          email: `bench${i}@example.com`,
          consent: 1,
          timezone: 'America/Chicago',
          scheduled: 0,
          source_tag: 'website',
          calendar_link: null,
          ip_address: '127.0.0.1',
          user_agent: 'bench',
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('call_notifications')
        .values({
          id: callId,
          lead_id: leadId,
          phone_number: `+1${phone}`,
          status: 'preparing',
          provider_call_id: `bench-vapi-${i}`,
        })
        .execute();
      ids.push(callId);
    }
  });
  await db.destroy();
  return ids;
}

/** A browser per call: resolves once the join answered, then records when `calling` arrives. */
function followAll(base: string, callIds: string[]) {
  const ringing = new Map<string, (at: number) => void>();
  const stops: (() => void)[] = [];
  const joined = callIds.map(
    (callId) =>
      new Promise<void>((resolve) => {
        stops.push(
          followCall(
            callId,
            {
              onStatus: (status) => {
                if (status === 'preparing') resolve();
                if (status === 'calling') ringing.get(callId)?.(performance.now());
              },
              onUnknownCall: () => console.error(`unknown call ${callId}`),
            },
            { url: base },
          ),
        );
      }),
  );
  const rang = (callId: string) => new Promise<number>((resolve) => ringing.set(callId, resolve));
  const stopAll = () => {
    for (const stop of stops) stop();
  };
  return { joined: Promise.all(joined), rang, stop: stopAll };
}

/**
 * A hook sent through undici's own client, answered before returning. Not `fetch`: its web streams cost the load
 * generator, which shares the machine with the server, more CPU per request than the server spends answering it.
 */
async function post(url: string, headers: Record<string, string>, body: string): Promise<void> {
  const res = await request(url, { method: 'POST', headers, body });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${text}`);
}

function postCalling(base: string, callId: string): Promise<void> {
  const raw = JSON.stringify({ callId, status: 'calling' });
  const signed = signedHeaders(SECRET, { method: 'POST', path: '/api/hooks/call-status', body: raw }, new Date());
  return post(`${base}/api/hooks/call-status`, signed, raw);
}

/** A browser in each call's room that reports when a final transcript line with `text` arrives. */
async function listenForLines(base: string, callIds: string[]) {
  const waiting = new Map<string, { text: string; heard: (at: number) => void }>();
  const sockets: Socket[] = [];
  await Promise.all(
    callIds.map(async (callId) => {
      const socket = connect(base, { transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      socket.on(CALL_TRANSCRIPT_EVENT, (event: CallTranscriptEvent) => {
        const wanted = waiting.get(event.callId);
        if (wanted && event.kind === 'final' && event.text === wanted.text) {
          waiting.delete(event.callId);
          wanted.heard(performance.now());
        }
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      await new Promise((resolve) => socket.emit(CALL_JOIN_EVENT, callId, resolve));
    }),
  );
  const heard = (callId: string, text: string) =>
    new Promise<number>((resolve) => waiting.set(callId, { text, heard: resolve }));
  const close = () => {
    for (const socket of sockets) socket.disconnect();
  };
  return { heard, close };
}

/**
 * TRANSCRIPT_CALLS calls each hear a final line at once, ROUNDS times: hook sent → line heard, and server CPU. The
 * WARMUP_ROUNDS before them are answered as slowly as a fresh process answers: V8 optimizes a function only once it
 * has run many times, and until then each round is slower than the last (measured: a round's slowest line went from
 * about 45 ms to about 20 ms over twenty rounds, the plain relay's likewise). A server on duty is long past that, so
 * the counted rounds measure it warm; the warm-up's own figures are printed too. The first round also opens the
 * hook connections: a provider's messages come over connections it keeps.
 */
async function transcriptBursts(base: string, pid: number | undefined, talking: string[]) {
  const lines = await listenForLines(base, talking);
  const round = (n: number) =>
    Promise.all(
      talking.map(async (callId, index) => {
        const text = `Line ${n} of call ${index}: within three months, pre-approved.`;
        const heard = lines.heard(callId, text);
        const sent = performance.now();
        await postTranscript(base, callId, index, text);
        return (await heard) - sent;
      }),
    );
  const rounds = async (from: number, count: number) => {
    const samples: number[] = [];
    for (let n = from; n < from + count; n++) samples.push(...(await round(n)));
    return samples;
  };
  try {
    const warmup = await rounds(-WARMUP_ROUNDS, WARMUP_ROUNDS);
    const [samples, cpu] = await cpuPer(pid, talking.length * ROUNDS, () => rounds(0, ROUNDS));
    return { samples, cpu, warmup };
  } finally {
    lines.close();
  }
}

/** Vapi's `transcript` message for one call, signed as its HMAC credential signs it; answered before returning. */
function postTranscript(base: string, callId: string, index: number, text: string): Promise<void> {
  const body = JSON.stringify({
    message: {
      type: 'transcript',
      role: 'user',
      transcriptType: 'final',
      transcript: text,
      call: { id: `bench-vapi-${index}`, metadata: { callId } },
    },
  });
  const headers = { 'content-type': 'application/json', [VAPI_SIGNATURE_HEADER]: signBody(VAPI_SECRET, body) };
  return post(`${base}/api/hooks/vapi`, headers, body);
}

/** Hook sent → event heard, per call. */
async function measure(base: string, callId: string, rang: (callId: string) => Promise<number>): Promise<number> {
  const heard = rang(callId);
  const sent = performance.now();
  await postCalling(base, callId);
  return (await heard) - sent;
}

buildIfNeeded();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-calls-'));
const callIds = await storeCalls(path.join(dataDir, 'porchlight.sqlite'), CALLS);

// The lead webhook: a sink on loopback, so that the server runs as with a real call automation (no local driver).
const sink = http.createServer((req, res) => req.resume().on('end', () => res.end('{}')));
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const sinkAddress = sink.address();
const sinkUrl = typeof sinkAddress === 'object' && sinkAddress ? `http://127.0.0.1:${sinkAddress.port}/leads` : '';

const server = await startProductionServer({
  dataDir,
  env: {
    LOG_LEVEL: 'error',
    HOOK_SECRET: SECRET,
    LEAD_WEBHOOK_URL: sinkUrl,
    // Every simulated browser connects from 127.0.0.1.
    SOCKETS_PER_ADDRESS: String(CALLS + TRANSCRIPT_CALLS + 10),
    // And every hook request and socket is a connection from it: room for all of them at once.
    CONNECTIONS_PER_ADDRESS: String(2 * (CALLS + TRANSCRIPT_CALLS) + 10),
    // Calls are stored as placed, so Vapi is never asked; its messages come from this script.
    VAPI_API_URL: sinkUrl.replace(/\/leads$/, ''),
    VAPI_API_KEY: 'bench',
    VAPI_ASSISTANT_ID: 'bench-assistant',
    VAPI_PHONE_NUMBER_ID: 'bench-number',
    VAPI_SERVER_SECRET: VAPI_SECRET,
  },
});
const { base } = server;
const deadline = setTimeout(() => {
  console.error(`benchmark did not finish in ${DEADLINE_MS / 1000} s`);
  server.child.kill('SIGTERM');
  process.exit(1);
}, DEADLINE_MS);

let browsers: ReturnType<typeof followAll> | undefined;
try {
  console.log(
    `Call status push: ${CALLS} calls, one socket each, loopback, ${os.cpus().length} cores, Node ${process.version}`,
  );
  // The browsers' sockets share this machine with the server: a busy machine shows in every figure.
  console.log(`load average at start: ${os.loadavg()[0]?.toFixed(1)}`);
  const half = Math.floor(CALLS / 2);
  browsers = followAll(base, callIds);
  await browsers.joined;

  // One hook at a time: the latency of a single push on a quiet server.
  const sequential: number[] = [];
  for (const callId of callIds.slice(0, half)) sequential.push(await measure(base, callId, browsers.rang));
  console.log(summary('one hook at a time', sequential));

  // The other half at once: every hook in flight together, over connections opened beforehand (as a provider's
  // or an automation's client keeps them), so that the burst measures the hooks, not TCP handshakes.
  await Promise.all(callIds.slice(half).map(() => request(`${base}/healthz`).then((res) => res.body.dump())));
  const rang = browsers.rang;
  const [burst, burstCpu] = await cpuPer(server.child.pid, CALLS - half, () =>
    Promise.all(callIds.slice(half).map((callId) => measure(base, callId, rang))),
  );
  console.log(summary(`${CALLS - half} hooks at once`, burst) + burstCpu);
  browsers.stop();
  browsers = undefined;

  // Vapi's transcript messages: TRANSCRIPT_CALLS calls each hear a final line at once, ROUNDS times.
  const label = `${TRANSCRIPT_CALLS} transcripts at once ×${ROUNDS}`;
  const product = await transcriptBursts(base, server.child.pid, callIds.slice(0, TRANSCRIPT_CALLS));
  console.log(summary(label, product.samples) + product.cpu);
  console.log(summary(`  its ${WARMUP_ROUNDS} rounds warming up`, product.warmup));
  const reference = await startReferencePushServer();
  try {
    const floor = await transcriptBursts(reference.base, reference.pid, callIds.slice(0, TRANSCRIPT_CALLS));
    console.log(summary('  plain node:http relay', floor.samples) + floor.cpu);
    console.log(summary(`  its ${WARMUP_ROUNDS} rounds warming up`, floor.warmup));
    const p99 = (samples: number[]) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        99,
      );
    console.log(`  p99 ratio, product / plain relay: ${(p99(product.samples) / p99(floor.samples)).toFixed(2)}`);
  } finally {
    await reference.stop();
  }
} finally {
  browsers?.stop();
  clearTimeout(deadline);
  sink.close();
  await server.stop();
}
