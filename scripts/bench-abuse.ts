// What a determined client gets out of the production server with its default limits: how many sockets one
// address can hold, how a join flood is cut off, how many sign-in guesses each role allows, and how soon 100
// leads queued during a receiver outage are delivered once it is back. Loopback only; every loop is bounded.
import { io, type Socket } from 'socket.io-client';
import { CALL_JOIN_EVENT, type CallJoinAck } from '#shared/call-status-protocol.ts';
import { startReceiver, waitUntil } from '#tests/support/server-process.ts';
import { buildIfNeeded, startProductionServer } from './lib/production-server.ts';

const SOCKET_ATTEMPTS = 200;
const JOIN_FLOOD_MS = 2_000;
const LEADS = 100;
const OUTAGE_MS = 10_000;

buildIfNeeded();
const receiver = await startReceiver();
receiver.setMode('down');
const server = await startProductionServer({
  env: {
    // Lets the benchmark speak for several addresses (X-Forwarded-For from loopback), as clients behind a proxy.
    TRUST_PROXY: 'loopback',
    LEAD_WEBHOOK_URL: receiver.url,
    HOOK_SECRET: 'bench-abuse-hook-secret-0123456789',
    CLIENT_DASHBOARD_PASSWORD: 'bench-client-password',
    ANALYTICS_PASSWORD: 'bench-analytics-password',
    DEMO_RATE_LIMIT_PER_HOUR: '100000',
    API_RATE_LIMIT_PER_MINUTE: '100000',
  },
});
const { base } = server;
const rows: [string, string][] = [];

function connect(): Promise<Socket | undefined> {
  const socket = io(base, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { origin: base },
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.close();
      resolve(undefined);
    });
  });
}

try {
  // 1. Sockets one address can hold.
  const attempts = await Promise.all(Array.from({ length: SOCKET_ATTEMPTS }, () => connect()));
  const held = attempts.filter((socket) => socket !== undefined);
  const healthy = (await fetch(`${base}/healthz`)).ok;
  rows.push([
    'sockets held by one address',
    `${held.length} of ${SOCKET_ATTEMPTS} attempted (healthz ${healthy ? 'ok' : 'FAILING'})`,
  ]);
  for (const socket of held) socket?.close();

  // 2. A join flood on one socket, for a real call: area codes across the US time zones, so one is in calling hours.
  let callId: string | undefined;
  for (const area of ['212', '312', '303', '415', '907', '808', '671', '787']) {
    const res = await fetch(`${base}/api/demo-calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({
        fullName: 'Dana Whitfield',
        phone: `${area}4567890`,
        email: 'dana@example.com',
        consent: true,
      }),
    });
    const body: unknown = await res.json();
    const id = body && typeof body === 'object' ? Reflect.get(body, 'callId') : undefined;
    if (typeof id === 'string') {
      callId = id;
      break;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const socket = await connect();
  if (!callId || !socket) {
    rows.push(['join flood', 'not measured: no call in calling hours or no socket']);
  } else {
    let sent = 0;
    let answered = 0;
    let refused = 0;
    let disconnectedAt: number | undefined;
    const started = performance.now();
    socket.once('disconnect', () => {
      disconnectedAt = performance.now() - started;
    });
    while (performance.now() - started < JOIN_FLOOD_MS && disconnectedAt === undefined) {
      sent++;
      socket.emit(CALL_JOIN_EVENT, callId, (ack: CallJoinAck) => {
        if ('error' in ack) refused++;
        else answered++;
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const seconds = ((disconnectedAt ?? JOIN_FLOOD_MS) / 1000).toFixed(2);
    rows.push([
      'join flood on one socket',
      `${sent} sent, ${answered} answered with the call's status, ${refused} refused, ${sent - answered - refused} unanswered; ` +
        (disconnectedAt === undefined ? `still connected after ${seconds} s` : `disconnected after ${seconds} s`),
    ]);
    socket.close();
  }

  // 3. Sign-in guesses per role from one address, and whether another address still gets in.
  async function signIn(role: string, password: string, address: string) {
    const res = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ role, password }),
    });
    await res.arrayBuffer();
    return { status: res.status, retryAfter: res.headers.get('retry-after') };
  }
  const guessing = await Promise.all(
    (['client', 'analytics'] as const).map(async (role) => {
      const started = performance.now();
      let allowed = 0;
      for (let i = 0; i < 50; i++) {
        const { status, retryAfter } = await signIn(role, `wrong-guess-${i}`, '203.0.113.9');
        if (status === 429) {
          const took = ((performance.now() - started) / 1000).toFixed(1);
          return `${role}: ${allowed} wrong passwords answered in ${took} s, then 429 (Retry-After ${retryAfter} s)`;
        }
        allowed++;
      }
      return `${role}: never refused in 50 attempts`;
    }),
  );
  const rightFromElsewhere = await signIn('client', 'bench-client-password', '203.0.113.77');
  const rightFromAttacker = await signIn('analytics', 'bench-analytics-password', '203.0.113.9');
  rows.push(['sign-in guesses per role per 15 min', guessing.join('; ')]);
  rows.push([
    'operators while an address is locked out',
    `right password from another address: ${rightFromElsewhere.status}; from the locked address: ${rightFromAttacker.status}`,
  ]);

  // 4. 100 leads queued while the receiver is down, then the time to deliver them all once it is back.
  const posted = await Promise.all(
    Array.from({ length: LEADS }, async (_, i) => {
      const res = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Dana',
          lastName: 'Whitfield',
          phoneNumber: `2103${String(i).padStart(6, '0')}`,
          companyName: 'Whitfield Homes',
          email: 'dana@example.com',
        }),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const accepted = posted.filter((status) => status === 201).length;
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  receiver.setMode('ok');
  const drained = await waitUntil(() => receiver.accepted.size >= accepted, 10 * 60_000, 'every lead delivered');
  const twice = [...receiver.accepted.values()].filter((times) => times > 1).length;
  rows.push([
    `${accepted} leads queued during a ${OUTAGE_MS / 1000} s receiver outage`,
    `all delivered ${(drained / 1000).toFixed(1)} s after it came back (${twice} delivered twice)`,
  ]);
} finally {
  await server.stop();
  await receiver.close();
}

const width = Math.max(...rows.map(([what]) => what.length));
for (const [what, figure] of rows) console.log(`${what.padEnd(width)}  ${figure}`);
