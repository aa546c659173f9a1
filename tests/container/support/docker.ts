import { execFile } from 'node:child_process';
import { inject } from 'vitest';

// The Docker engine as the container tests drive it: every command bounded in time, every container, volume and
// network they create labelled with the run, so that the run's end (or the next run, after one that was killed)
// removes exactly those.

export const ROOT = new URL('../../..', import.meta.url).pathname.replace(/\/$/, '');
/** Marks what a run created; its value is `<pid>-<start time>` of the process that ran the tests. */
export const RUN_LABEL = 'org.porchlight.container-test';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

interface CommandOptions {
  timeoutMs?: number;
  /** Resolve with the exit code instead of rejecting when the command fails. */
  allowFailure?: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Runs a command to its end, killed after `timeoutMs` (60 s unless told). */
export function command(file: string, args: string[], options: CommandOptions = {}): Promise<CommandResult> {
  const { timeoutMs = 60_000, allowFailure = false, env, cwd = ROOT } = options;
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, env: env ?? process.env, cwd },
      (error, stdout, stderr) => {
        const timedOut = error !== null && 'killed' in error && error.killed;
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        if (timedOut || (code !== 0 && !allowFailure)) {
          const why = timedOut ? `did not finish within ${timeoutMs} ms` : `exited ${code}`;
          reject(new Error(`${file} ${args.join(' ')} ${why}\n${stderr.trim().split('\n').slice(-15).join('\n')}`));
          return;
        }
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export function docker(args: string[], options?: CommandOptions): Promise<CommandResult> {
  return command('docker', args, options);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's value of RUN_LABEL. */
    run: string;
    /** The image built from the working tree by tests/container/global-setup.ts. */
    image: string;
  }
}

export function currentRun(): string {
  return inject('run');
}

/** Proxy settings of this machine, passed to builds so they reach the registries the same way. */
export function proxyBuildArgs(): string[] {
  const names = ['http_proxy', 'https_proxy', 'no_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'];
  return names.flatMap((name) => (process.env[name] ? ['--build-arg', `${name}=${process.env[name]}`] : []));
}

/** `docker build -t image dir`, bounded; answers the seconds it took. */
export async function buildImage(dir: string, image: string): Promise<number> {
  const started = performance.now();
  await docker(['build', '--force-rm', ...proxyBuildArgs(), '-t', image, dir], { timeoutMs: 30 * 60_000 });
  return (performance.now() - started) / 1000;
}

/** `docker compose` when the plugin is there, else Debian's `docker-compose` (v1). */
export async function composeCommand(): Promise<string[]> {
  const plugin = await docker(['compose', 'version'], { allowFailure: true });
  return plugin.code === 0 ? ['docker', 'compose'] : ['docker-compose'];
}

/** Polls `check` until it answers something other than undefined/false, at most `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  { timeoutMs, intervalMs = 250 }: { timeoutMs: number; intervalMs?: number },
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (performance.now() > deadline) {
      const reason = last instanceof Error ? `: ${last.message}` : '';
      throw new Error(`${what}: not within ${timeoutMs} ms${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export async function createVolume(): Promise<string> {
  const { stdout } = await docker(['volume', 'create', '--label', `${RUN_LABEL}=${currentRun()}`]);
  return stdout.trim();
}

export interface Container {
  id: string;
  /** The site on its port published on 127.0.0.1. */
  url: string;
}

/** `docker run -d` of the app image with a volume on /app/data and port 3000 published on a free loopback port. */
export async function runApp(
  image: string,
  { volume, env = {} }: { volume: string; env?: Record<string, string> },
): Promise<Container> {
  const settings = Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]);
  const { stdout } = await docker(
    [
      'run',
      '-d',
      '--label',
      `${RUN_LABEL}=${currentRun()}`,
      '-p',
      '127.0.0.1::3000',
      '-v',
      `${volume}:/app/data`,
      ...settings,
      image,
    ],
    { timeoutMs: 60_000 },
  );
  const id = stdout.trim();
  return { id, url: `http://${await publishedAddress(id, 3000)}` };
}

/** `127.0.0.1:PORT` where the container's port is published. */
export async function publishedAddress(container: string, port: number): Promise<string> {
  const { stdout } = await docker(['port', container, `${port}/tcp`]);
  const address = stdout.split('\n').find((line) => line.startsWith('127.0.0.1:'));
  if (!address) throw new Error(`port ${port} of ${container} is not published on 127.0.0.1: ${stdout}`);
  return address.trim();
}

export async function inspect(container: string, format: string): Promise<string> {
  return (await docker(['inspect', '-f', format, container])).stdout.trim();
}

export async function logs(container: string): Promise<string> {
  const { stdout, stderr } = await docker(['logs', container], { allowFailure: true });
  return stdout + stderr;
}

/** Waits for the container to stop by itself and answers its exit code. */
export async function exitCode(container: string, timeoutMs: number): Promise<number> {
  const { stdout } = await docker(['wait', container], { timeoutMs });
  return Number(stdout.trim());
}

/** Removes whatever carries the label of `run`, or of any run whose process is gone when `run` is undefined. */
export async function removeLabelled(run?: string): Promise<void> {
  const belongs = (value: string) => {
    if (run !== undefined) return value === run;
    const pid = Number(value.split('-')[0]);
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  };
  const labelled = async (kind: 'container' | 'volume' | 'network') => {
    const id = kind === 'volume' ? '{{.Name}}' : '{{.ID}}';
    const list = kind === 'container' ? ['ps', '-a'] : [kind, 'ls'];
    const { stdout } = await docker([
      ...list,
      '--filter',
      `label=${RUN_LABEL}`,
      '--format',
      `${id} {{.Label "${RUN_LABEL}"}}`,
    ]);
    return stdout
      .split('\n')
      .map((line) => line.trim().split(' '))
      .flatMap(([name, value]) => (name && value && belongs(value) ? [name] : []));
  };
  const containers = await labelled('container');
  if (containers.length) await docker(['rm', '-f', '-v', ...containers], { allowFailure: true, timeoutMs: 120_000 });
  const networks = await labelled('network');
  if (networks.length) await docker(['network', 'rm', ...networks], { allowFailure: true });
  const volumes = await labelled('volume');
  if (volumes.length) await docker(['volume', 'rm', '-f', ...volumes], { allowFailure: true });
}
