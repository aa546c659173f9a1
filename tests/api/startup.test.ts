import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, vi } from 'vitest';
import { startServer } from '#tests/support/server-process.ts';

test('a bad configuration value stops start-up with one line naming the variable', async () => {
  const server = startServer({ PORT: 'eighty' });
  expect(await server.exited).toBe(1);
  const stderr = server.stderr();
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^Invalid environment variable PORT: /);
});

test('TRUST_PROXY=true stops start-up with one line saying to give a hop count or the proxy addresses', async () => {
  const server = startServer({ TRUST_PROXY: 'true' });
  expect(await server.exited).toBe(1);
  const stderr = server.stderr();
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).toMatch(/^Invalid environment variable TRUST_PROXY: true would trust any X-Forwarded-For/);
  expect(stderr).toMatch(
    /number of proxies in front of this server \(e\.g\. 1\) or the proxies' addresses or subnets\n?$/,
  );
});

test.each([
  [
    '0.0.0.0/1,128.0.0.0/1',
    /^Invalid environment variable TRUST_PROXY: "0\.0\.0\.0\/1, 128\.0\.0\.0\/1" trusts every IPv4 address/,
  ],
  ['0.0.0.0/0', /^Invalid environment variable TRUST_PROXY: "0\.0\.0\.0\/0" trusts every IPv4 address/],
  ['::/0', /^Invalid environment variable TRUST_PROXY: "::\/0" trusts every address/],
  ['10', /^Invalid environment variable TRUST_PROXY: 10 proxies is more than any deployment puts in front/],
])(
  'TRUST_PROXY=%s stops start-up with one line before DATA_DIR is created or a database migrated',
  async (value, line) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-proxy-'));
    const dataDir = path.join(root, 'data');
    const server = startServer({ TRUST_PROXY: value, DATA_DIR: dataDir });
    try {
      // Until it exits, or (wrongly) listens.
      const code = await server.listening.then(
        () => 'listening',
        () => server.exited,
      );
      expect(code).toBe(1);
      expect(server.stderr().trim().split('\n')).toHaveLength(1);
      expect(server.stderr()).toMatch(line);
      expect(server.stdout()).toBe('');
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      server.child.kill('SIGKILL');
      fs.rmSync(root, { recursive: true, force: true });
    }
  },
  30_000,
);

test('the server migrates, says the local call driver stands in, serves, and shuts down gracefully on SIGTERM', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-start-'));
  const server = startServer({ DATA_DIR: dataDir });
  try {
    const port = await server.listening;
    expect(server.stdout()).toContain('database migrated');
    // No Vapi, no LEAD_WEBHOOK_URL nor HOOK_SECRET: the operator is told that the local call driver stands in.
    const callRuntime = server
      .stdout()
      .split('\n')
      .find((line) => line.includes('local call driver'));
    expect(callRuntime).toContain('no call provider or automation configured');
    expect(callRuntime).toContain('the local call driver plays the scripted demo call');
    const health = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(health.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'porchlight.sqlite'))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);

test('on SIGTERM a request in flight still gets its answer, new connections are refused, then the process exits', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-stop-'));
  const server = startServer({ DATA_DIR: dataDir, HOOK_SECRET: 'stop-test-secret-0123456789' });
  try {
    const port = await server.listening;
    // A signed hook whose body is still arriving: the server cannot answer before the last byte.
    const body = JSON.stringify({ externalId: 'lead-in-flight', receivedAt: '2026-01-01T00:00:00.000Z' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/hooks/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `X-Porchlight-Timestamp: 0\r\nX-Porchlight-Signature: sha256=00\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    // The request has reached the app (its body parser is waiting) before the signal.
    await new Promise((resolve) => setTimeout(resolve, 200));

    server.child.kill('SIGTERM');
    // New connections are refused once the signal is handled; on a busy machine that can take a moment.
    await vi.waitFor(() => expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow(), {
      timeout: 15_000,
      interval: 100,
    });

    socket.end(body.slice(10));
    await closed;
    // Any real answer will do: this one is refused for its stale timestamp, after the whole body was read.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(await server.exited).toBe(0);
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
