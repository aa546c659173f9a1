// `npm run bench:call-status`: how long a call status takes from the automation's signed hook to the browser's
// Socket.IO event (docs/product-rules.md#budgets). Starts the production server on a free loopback port with a
// HOOK_SECRET, stores CALLS demo calls, follows each from its own socket as the dialog does, then posts signed
// `calling` hooks: one at a time, then all at once. Prints p50 / p99 / max. Bounded in count and time; stops by itself.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { followCall } from '#client/features/demo-call/follow-call.ts';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { signedHeaders } from '#server/hooks/signing.ts';
import { buildIfNeeded, startProductionServer } from './lib/production-server.ts';

const CALLS = Math.min(Number(process.env.BENCH_CALLS ?? 200), 1000);
const DEADLINE_MS = 90_000;
const SECRET = crypto.randomBytes(24).toString('hex');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return `${label.padEnd(28)} n=${sorted.length}  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`;
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
        .values({ id: callId, lead_id: leadId, phone_number: `+1${phone}`, status: 'preparing' })
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

async function postCalling(base: string, callId: string): Promise<void> {
  const raw = JSON.stringify({ callId, status: 'calling' });
  const res = await fetch(`${base}/api/hooks/call-status`, {
    method: 'POST',
    headers: signedHeaders(SECRET, { method: 'POST', path: '/api/hooks/call-status', body: raw }, new Date()),
    body: raw,
  });
  if (!res.ok) throw new Error(`hook answered ${res.status}: ${await res.text()}`);
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
    SOCKETS_PER_ADDRESS: String(CALLS + 10),
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

  // The other half at once: every hook in flight together.
  const rang = browsers.rang;
  const burst = await Promise.all(callIds.slice(half).map((callId) => measure(base, callId, rang)));
  console.log(summary(`${CALLS - half} hooks at once`, burst));
} finally {
  browsers?.stop();
  clearTimeout(deadline);
  sink.close();
  await server.stop();
}
