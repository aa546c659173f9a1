// A page load as a visitor's browser runs it: Debian's Chromium driven over the DevTools protocol without its
// Runtime domain, which Playwright and Lighthouse both enable. With it enabled, V8 records a detailed stack for
// every Error object created, with line and column: React DOM creates a few as it loads, so the browser re-parses
// all of React DOM for its source positions, 40 to 70 ms under a 4× CPU slowdown that no visitor's browser spends
// (docs/decisions/0013-scripts-after-first-paint.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface VisitorLoad {
  firstContentfulPaint: number;
  longTasks: { start: number; duration: number }[];
}

const REPORT = 'visitor-load:';

// Runs in the page before its own scripts: once React has hydrated and no resource has loaded for a second, the
// long tasks and the first paint go into the title, which the browser lists without any script of ours running.
const OBSERVER = `(() => {
  if (!location.protocol.startsWith('http')) return;
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  let lastLoad = 0;
  new PerformanceObserver(() => { lastLoad = performance.now(); }).observe({ type: 'resource', buffered: true });
  const timer = setInterval(() => {
    if (document.documentElement.dataset.hydrated !== 'true' || performance.now() - lastLoad < 1000) return;
    clearInterval(timer);
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    document.title = ${JSON.stringify(REPORT)} + JSON.stringify({ firstContentfulPaint: paint ? paint.startTime : -1, longTasks });
  }, 100);
})();`;

/** Loads `url` once in a fresh browser with the CPU slowed `cpuSlowdown` times, on a 412 px phone screen. */
export async function visitorLoad(url: string, cpuSlowdown: number, executablePath: string): Promise<VisitorLoad> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'visitor-browser-'));
  const browser = spawn(
    executablePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    const socket = new WebSocket(await browserEndpoint(profile));
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    let lastId = 0;
    const pending = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>();
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      pending.get(message.id)?.(message);
      pending.delete(message.id);
    });
    const send = <T>(method: string, params: object = {}, sessionId?: string) =>
      new Promise<T>((resolve, reject) => {
        const id = ++lastId;
        pending.set(id, (message) =>
          message.error ? reject(new Error(message.error.message)) : resolve(message.result as T),
        );
        socket.send(JSON.stringify({ id, method, params, sessionId }));
      });

    const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    // Page and Emulation only: no Runtime, Debugger or Network domain.
    await send('Page.enable', {}, sessionId);
    await send(
      'Emulation.setDeviceMetricsOverride',
      { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true },
      sessionId,
    );
    await send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown }, sessionId);
    await send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVER }, sessionId);
    await send('Page.navigate', { url }, sessionId);

    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
      const { targetInfos } = await send<{ targetInfos: { targetId: string; title: string }[] }>('Target.getTargets');
      const title = targetInfos.find((target) => target.targetId === targetId)?.title ?? '';
      if (title.startsWith(REPORT)) {
        socket.close();
        return JSON.parse(title.slice(REPORT.length));
      }
    }
    throw new Error(`${url} did not hydrate within a minute`);
  } finally {
    const exited = new Promise((resolve) => browser.once('exit', resolve));
    browser.kill();
    await exited;
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** The browser writes its DevTools port and path to the profile once it listens. */
async function browserEndpoint(profile: string): Promise<string> {
  const file = path.join(profile, 'DevToolsActivePort');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    const [port, endpoint] = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
    if (port && endpoint) return `ws://127.0.0.1:${port}${endpoint}`;
  }
  throw new Error('Chromium did not open its DevTools port');
}
