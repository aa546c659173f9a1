// npm run bench:scale: what a second instance on one PostgreSQL database buys, and what it costs.
// - Throughput of `/` (gzip, 32 connections) on one instance, then on two with the load split evenly over
//   both (a round-robin client: what the load balancer in compose.yaml does).
// - Cross-instance push latency: a client follows a call on instance A, the signed status hook reaches
//   instance B, and the time until A's client hears `calling` is taken; the same on one instance for reference.
// PostgreSQL is started for the run as the tests start it (Debian's server binaries, a temporary cluster).
// On a 2-core machine the two instances and the load generator share the same cores, so the second instance
// shows what sharing costs, not what a second machine would add.
import crypto from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { followCall } from '#client/features/demo-call/follow-call.ts';
import { signedHeaders } from '#server/hooks/signing.ts';
import { startPostgres } from '#tests/support/postgres-server.ts';
import { buildIfNeeded, type ProductionServer, startProductionServer } from './lib/production-server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 32;
const PUSHES = Number(process.env.BENCH_PUSHES ?? 100);
const PUSH_TIMEOUT_MS = 5_000;
const HOOK_SECRET = crypto.randomBytes(24).toString('hex');
const HOOK_PATH = '/api/hooks/call-status';

interface Load {
  rps: number;
  p99: number;
}

async function load(bases: string[]): Promise<Load> {
  const per = Math.floor(CONNECTIONS / bases.length);
  const results = await Promise.all(
    bases.map((url) =>
      autocannon({ url, connections: per, duration: DURATION_S, headers: { 'accept-encoding': 'gzip' } }),
    ),
  );
  return {
    rps: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
  };
}

/** A lead and its call, written as the demo-call form writes them, so a client can follow the call. */
async function insertCall(client: pg.Client): Promise<string> {
  const leadId = crypto.randomUUID();
  const callId = crypto.randomUUID();
  const phone = `+1512555${String(crypto.randomInt(10_000)).padStart(4, '0')}`;
  await client.query(
    `insert into leads (id, kind, full_name, phone, email, consent, source_tag)
     values ($1, 'demo', 'Bench Lead', $2, 'bench@example.com', 1, 'bench')`,
    [leadId, phone],
  );
  await client.query(
    `insert into call_notifications (id, lead_id, phone_number, status) values ($1, $2, $3, 'preparing')`,
    [callId, leadId, phone],
  );
  return callId;
}

/** Follows `callId` on `follower`, posts `calling` to `hookTarget`, and times until the follower hears it. */
function pushLatency(follower: string, hookTarget: string, callId: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let sentAt: number | undefined;
    let done = false;
    const finish = (ms: number | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stop();
      resolve(ms);
    };
    const timer = setTimeout(() => finish(undefined), PUSH_TIMEOUT_MS);
    const stop = followCall(
      callId,
      {
        onStatus: (status) => {
          if (status === 'calling' && sentAt !== undefined) finish(performance.now() - sentAt);
          if (status !== 'preparing' || sentAt !== undefined) return;
          // Joined: the room is ours on the follower; now the other side reports the call.
          const body = JSON.stringify({ callId, status: 'calling' });
          sentAt = performance.now();
          fetch(`${hookTarget}${HOOK_PATH}`, {
            method: 'POST',
            headers: signedHeaders(HOOK_SECRET, { method: 'POST', path: HOOK_PATH, body }, new Date()),
            body,
          }).then(
            (response) => (response.ok ? undefined : finish(undefined)),
            () => finish(undefined),
          );
        },
        onUnknownCall: () => finish(undefined),
      },
      { url: follower },
    );
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function pushes(client: pg.Client, follower: string, hookTarget: string) {
  const times: number[] = [];
  let lost = 0;
  for (let i = 0; i < PUSHES; i++) {
    const ms = await pushLatency(follower, hookTarget, await insertCall(client));
    if (ms === undefined) lost++;
    else times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), lost };
}

/** Accepts every lead delivery, so the outbox has somewhere to send and the local call driver stays off. */
function startReceiver(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

buildIfNeeded();
const postgres = await startPostgres();
const admin = new pg.Client({ connectionString: postgres.url('postgres') });
await admin.connect();
await admin.query('create database porchlight_bench');
await admin.end();
const receiver = await startReceiver();
const receiverAddress = receiver.address();
const receiverPort = typeof receiverAddress === 'object' && receiverAddress ? receiverAddress.port : 0;
const env = {
  DATABASE_URL: postgres.url('porchlight_bench'),
  SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
  DO_NOT_CONTACT_KEY: crypto.randomBytes(24).toString('hex'),
  HOOK_SECRET,
  LEAD_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/leads`,
};
const servers: ProductionServer[] = [];
const client = new pg.Client({ connectionString: env.DATABASE_URL });
try {
  // The first instance migrates the database; the second finds it migrated.
  servers.push(await startProductionServer({ env, discardLog: true }));
  servers.push(await startProductionServer({ env, discardLog: true }));
  const [a, b] = servers as [ProductionServer, ProductionServer];
  await client.connect();
  for (const base of [a.base, b.base]) await fetch(base); // fills each instance's page cache

  const one = await load([a.base]);
  const two = await load([a.base, b.base]);
  const same = await pushes(client, a.base, a.base);
  const across = await pushes(client, a.base, b.base);

  console.log(`\nThroughput of / (gzip, ${CONNECTIONS} connections, ${DURATION_S} s)`);
  console.log(`  one instance          ${String(one.rps).padStart(6)} req/s   p99 ${one.p99} ms`);
  console.log(
    `  two instances         ${String(two.rps).padStart(6)} req/s   p99 ${two.p99} ms   ratio ${(two.rps / one.rps).toFixed(2)}`,
  );
  console.log(`\nCall status push, hook → following client (${PUSHES} calls each)`);
  const line = (label: string, r: { p50: number; p99: number; lost: number }) =>
    console.log(`  ${label} p50 ${r.p50.toFixed(1)} ms   p99 ${r.p99.toFixed(1)} ms   not heard ${r.lost}`);
  line('same instance       ', same);
  line('across instances    ', across);
} finally {
  await client.end().catch(() => {});
  await Promise.all(servers.map((server) => server.stop()));
  receiver.close();
  postgres.stop();
}
