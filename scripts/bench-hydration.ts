// `npm run bench:hydration`: what `/` costs the browser before a visitor can use it, in Debian's Chromium
// against the production build. Prints every script fetched until the page is hydrated (the islands due at
// once), with its gzip size, the scripts fetched after that before any input (islands due near the viewport or
// when the browser is idle), and every long task (over 50 ms) from navigation until the page
// has settled, with the CPU slowed 4× as in Lighthouse's mobile preset. Then the long tasks as a visitor's
// browser has them, without the DevTools runtime that Playwright and Lighthouse attach (scripts/lib/visitor-browser.ts).
// HYDRATION_RUNS (default 3) runs of each, every one in a fresh browser; stops by itself.
// Goals (docs/product-rules.md#budgets): JavaScript before interaction ≤ 100 KB gzip; no long task over 50 ms
// while hydrating, which starts after the first paint (the first layout of the page comes before it).
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildIfNeeded, startProductionServer } from './lib/production-server.ts';
import { visitorLoad } from './lib/visitor-browser.ts';

const RUNS = Math.max(1, Number(process.env.HYDRATION_RUNS ?? 3));
const PATH = process.env.HYDRATION_PATH ?? '/';
const CPU_SLOWDOWN = 4;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET = { scriptKb: 100, longTaskMs: 50 };

interface Script {
  url: string;
  gzip: number;
  /** Requested before the page was hydrated. */
  early: boolean;
}

interface Run {
  scripts: Script[];
  longTasks: { start: number; duration: number }[];
  firstContentfulPaint: number;
  hydratedAt: number;
  /** CPU time (ms) of each main-thread task over LONG_CPU_MS, from Chromium's trace. */
  cpuTasks: number[];
}

/**
 * A task's CPU time on the page's main thread does not grow when other processes hold the CPU, as its wall
 * time under the throttle does on a busy machine: over a quarter of the limit in CPU time is a long task at 4×.
 */
const LONG_CPU_MS = BUDGET.longTaskMs / CPU_SLOWDOWN;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Main-thread tasks of the page's renderer whose CPU time passed LONG_CPU_MS. */
function longCpuTasks(trace: Buffer): number[] {
  const events: TraceEvent[] = JSON.parse(trace.toString()).traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return events
    .filter((event) => event.name === 'RunTask' && mainThreads.has(`${event.pid}:${event.tid}`))
    .map((event) => (event.tdur ?? 0) / 1000)
    .filter((cpu) => cpu > LONG_CPU_MS);
}

/** The first paint, how many long tasks came after it (hydration starts there), and all of them as duration@start. */
function longTasksAfterPaint(longTasks: Run['longTasks'], firstContentfulPaint: number): string {
  const over = longTasks.filter((task) => task.duration > BUDGET.longTaskMs);
  const afterPaint = over.filter((task) => task.start >= firstContentfulPaint);
  return (
    `first contentful paint at ${Math.round(firstContentfulPaint)} ms, ${afterPaint.length} long tasks over ` +
    `${BUDGET.longTaskMs} ms after it; all of them: ` +
    `[${over.map((task) => `${Math.round(task.duration)}@${Math.round(task.start)}`).join(', ')}]`
  );
}

async function measure(url: string): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    // Observed from the first script on, so tasks before any of the page's own code are counted too.
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      Object.assign(window, { __longTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let hydrated = false;
    const bodies: Promise<Script>[] = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const early = !hydrated;
      bodies.push(
        request
          .response()
          .then((response) => response?.body() ?? Buffer.alloc(0))
          .then((body) => ({ url: request.url(), gzip: gzipSync(body, { level: 9 }).length, early })),
      );
    });
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'commit' });
    // Hydrated: the islands due at once have (client/islands/boot.tsx); the others wait for the viewport or idle.
    const hydratedAt = await (
      await page.waitForFunction(
        () => document.documentElement.dataset.hydrated === 'true' && performance.now(),
        undefined,
        { polling: 50, timeout: 60_000 },
      )
    ).jsonValue();
    hydrated = true;
    // Settled: no request for a while, as the first input would find it.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: Run['longTasks'] }).__longTasks);
    const firstContentfulPaint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    );
    const cpuTasks = longCpuTasks(await browser.stopTracing());
    return {
      scripts: await Promise.all(bodies),
      longTasks,
      firstContentfulPaint,
      hydratedAt: Number(hydratedAt),
      cpuTasks,
    };
  } finally {
    await browser.close();
  }
}

buildIfNeeded();
const server = await startProductionServer();
try {
  console.log(`${PATH} under ${CPU_SLOWDOWN}× CPU slowdown, ${RUNS} runs in fresh browsers\n`);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(`${server.base}${PATH}`));
  const first = runs[0];
  if (first) {
    for (const script of [...first.scripts].sort((a, b) => Number(b.early) - Number(a.early) || b.gzip - a.gzip)) {
      const when = script.early ? '' : '  (after hydration)';
      console.log(`  ${(script.gzip / 1024).toFixed(1).padStart(6)} KB  ${new URL(script.url).pathname}${when}`);
    }
  }
  const kb = (scripts: Script[]) => (scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024).toFixed(1);
  for (const [i, run] of runs.entries()) {
    const early = run.scripts.filter((script) => script.early);
    const late = run.scripts.filter((script) => !script.early);
    console.log(
      `run ${i + 1}: hydrated at ${Math.round(run.hydratedAt)} ms with ${early.length} scripts, ${kb(early)} KB gzip ` +
        `(budget ${BUDGET.scriptKb}), then ${late.length} more (${kb(late)} KB) before any input; ` +
        `${longTasksAfterPaint(run.longTasks, run.firstContentfulPaint)}; ` +
        `${run.cpuTasks.length} tasks over ${LONG_CPU_MS} ms of CPU time ` +
        `[${run.cpuTasks.map((cpu) => Math.round(cpu)).join(', ')}]`,
    );
  }
  console.log(`\nAs a visitor's browser runs ${PATH}, without the DevTools runtime (${RUNS} runs):`);
  for (let i = 0; i < RUNS; i++) {
    const load = await visitorLoad(`${server.base}${PATH}`, CPU_SLOWDOWN, CHROMIUM);
    console.log(`run ${i + 1}: ${longTasksAfterPaint(load.longTasks, load.firstContentfulPaint)}`);
  }
} finally {
  await server.stop();
}
