import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, expect, test, vi } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { installLastResort } from './last-resort.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function logLines() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}

test('an uncaught exception is logged as fatal and an unhandled rejection as an error', () => {
  const { lines, logger } = logLines();
  const target = new EventEmitter();
  installLastResort(logger, target);
  target.emit('uncaughtException', new Error('boom'), 'uncaughtException');
  target.emit('unhandledRejection', new Error('nobody waited'));
  expect(lines.map(({ level, msg, err }) => ({ level, msg, message: (err as { message: string }).message }))).toEqual([
    { level: 60, msg: 'uncaught exception; still serving', message: 'boom' },
    { level: 50, msg: 'unhandled promise rejection', message: 'nobody waited' },
  ]);
});

test('a logger that fails does not turn the handler into a second crash', () => {
  const { logger } = logLines();
  vi.spyOn(logger, 'child').mockReturnValue(
    Object.assign(Object.create(logger), {
      fatal: () => {
        throw new Error('log down');
      },
    }),
  );
  const target = new EventEmitter();
  installLastResort(logger, target);
  expect(() => target.emit('uncaughtException', new Error('boom'))).not.toThrow();
});

/** The fixture server in its own process; resolves once it listens, with its port and everything it logs. */
async function serve(args: string[] = []) {
  const child = spawn(process.execPath, ['tests/support/last-resort-server.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const complete = buffered.split('\n');
    buffered = complete.pop() ?? '';
    for (const line of complete) if (line.trim()) lines.push(JSON.parse(line));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await vi.waitFor(() => expect(lines.some((line) => line.msg === 'listening')).toBe(true), { timeout: 15_000 });
  const port = Number(lines.find((line) => line.msg === 'listening')?.port);
  return { child, lines, port, exited };
}

function get(port: number, pathname: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

test('a server with the last resort installed keeps answering after an exception thrown from a timer', async () => {
  const server = await serve();
  expect((await get(server.port, '/throw')).status).toBe(200);
  await vi.waitFor(
    () => {
      const messages = server.lines.map((line) => line.msg);
      expect(messages).toContain('uncaught exception; still serving');
      expect(messages).toContain('unhandled promise rejection');
    },
    { timeout: 10_000 },
  );
  expect(await get(server.port, '/')).toEqual({ status: 200, body: 'ok' });
  expect(server.child.exitCode).toBeNull();
}, 90_000);

test('without it, the same exception ends the process (what the last resort is there for)', async () => {
  const server = await serve(['--bare']);
  await get(server.port, '/throw');
  expect(await server.exited).not.toBe(0);
}, 90_000);
