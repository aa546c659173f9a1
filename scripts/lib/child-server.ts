// A benchmark's reference server runs in its own process, so that it gets a core of its own as the product's
// server does and the load generator's work is not counted against it.
import { fork } from 'node:child_process';

export interface ChildServer {
  base: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * Forks `file` with `flag` set in its environment, sends it `message` if one is given, and resolves once it
 * reports the loopback port it listens on (`process.send({ port })`).
 */
export function startChildServer(file: string, flag: string, message?: object): Promise<ChildServer> {
  const child = fork(file, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [flag]: '1' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
    child.once('message', (reply: { port: number }) =>
      resolve({
        base: `http://127.0.0.1:${reply.port}`,
        pid: child.pid,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      }),
    );
    if (message) child.send(message);
  });
}
