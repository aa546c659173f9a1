// `npm run bench:lighthouse`: Lighthouse's mobile preset (simulated Slow 4G, 4× CPU) in Debian's Chromium against the
// production build, on loopback. Builds when the build is missing or older than the sources, serves it on a free port
// with a throwaway DATA_DIR, runs each page LIGHTHOUSE_RUNS times (default 3), prints the medians, what keeps a
// category under 100 and the tasks the last run's Total Blocking Time counts (scripts/lib/lighthouse-blocking.ts),
// then stops the server by itself. Goals (docs/product-rules.md#budgets): every category 100 on
// `/`, `/blogs` and every article, with FCP ≤ 1.2 s, LCP ≤ 1.5 s, TBT ≤ 50 ms and CLS 0; `/` is also checked for
// accessibility in the dark theme. The first article /blogs links to stands for all of them (they share one page
// and differ only in their text and cover); LIGHTHOUSE_ARTICLES=all audits each one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result, type RunnerResult } from 'lighthouse';
import { blockingLines, explainBlocking } from './lib/lighthouse-blocking.ts';
import { buildIfNeeded, ROOT, startProductionServer } from './lib/production-server.ts';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// LIGHTHOUSE_SAVE=<dir> keeps each run's full report as JSON, to read with Lighthouse's viewer, and beside it the
// tasks its Total Blocking Time counts.
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
// LIGHTHOUSE_PAGE=<label> audits that page only (`/`, `/ (dark)`, `/blogs` or an article's path), to compare builds.
const PAGE = process.env.LIGHTHOUSE_PAGE;
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
];
const BUDGET = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
/** Upper bounds of the metrics, in ms (CLS unitless). */
const METRIC_GOALS = {
  'first-contentful-paint': 1200,
  'largest-contentful-paint': 1500,
  'total-blocking-time': 50,
  'cumulative-layout-shift': 0,
} as const;
type Category = keyof typeof BUDGET;
const CATEGORIES = Object.keys(BUDGET).filter((key): key is Category => key in BUDGET);

interface Target {
  label: string;
  path: string;
  /** The site follows prefers-color-scheme when no theme is stored; Chromium can force it dark. */
  dark?: boolean;
  categories: Category[];
}

/** One Lighthouse run; a run Lighthouse itself gives up on (e.g. NO_NAVSTART under load) is tried again. */
async function audit(url: string, target: Target, attempts = 3): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, target);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`  retrying (${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

async function auditOnce(url: string, target: Target): Promise<RunnerResult> {
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: target.dark ? [...CHROME_FLAGS, '--force-dark-mode'] : CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: target.categories,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
const score = (lhr: Result, category: Category) => {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
};

/** The audits that cost a category points, with what Lighthouse says about them. */
function failures(lhr: Result, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const lines: string[] = [];
  for (const ref of refs) {
    const result = lhr.audits[ref.id];
    if (!result || ref.weight === 0 || result.score === null || result.score >= 1) continue;
    lines.push(
      `    ${ref.id} (${result.score}): ${result.title}${result.displayValue ? ` — ${result.displayValue}` : ''}`,
    );
    const details = result.details;
    if (details && 'items' in details && Array.isArray(details.items)) {
      for (const item of details.items.slice(0, 5)) {
        const node = item && typeof item === 'object' && 'node' in item ? item.node : undefined;
        const snippet = node && typeof node === 'object' && 'snippet' in node ? node.snippet : undefined;
        const text = typeof snippet === 'string' ? snippet : JSON.stringify(item).slice(0, 200);
        lines.push(`      · ${text}`);
      }
    }
  }
  return lines;
}

/** Performance opportunities and diagnostics worth reading even when the score is noisy. */
function diagnostics(lhr: Result): string[] {
  const ids = [
    'render-blocking-insight',
    'render-blocking-resources',
    'unused-javascript',
    'lcp-discovery-insight',
    'lcp-breakdown-insight',
    'cls-culprits-insight',
    'layout-shifts',
    'largest-contentful-paint-element',
  ];
  const lines: string[] = [];
  for (const id of ids) {
    const result = lhr.audits[id];
    if (!result || result.score === null || result.score >= 0.9) continue;
    lines.push(`    ${id}: ${result.title}${result.displayValue ? ` — ${result.displayValue}` : ''}`);
  }
  return lines;
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '–');

buildIfNeeded();
const server = await startProductionServer();
const { base } = server;

let missed = false;
try {
  const blogs = await (await fetch(`${base}/blogs`)).text();
  const links = [...new Set(Array.from(blogs.matchAll(/href="(\/blog\/[^"#?]+)"/g), (match) => String(match[1])))];
  if (!links.length) throw new Error('no article link on /blogs');
  const articles = process.env.LIGHTHOUSE_ARTICLES === 'all' || PAGE ? links : links.slice(0, 1);
  const allTargets: Target[] = [
    { label: '/', path: '/', categories: CATEGORIES },
    { label: '/ (dark)', path: '/', dark: true, categories: ['accessibility'] },
    { label: '/blogs', path: '/blogs', categories: CATEGORIES },
    ...articles.map((article) => ({ label: article, path: article, categories: CATEGORIES })),
  ];
  const targets = PAGE ? allTargets.filter((target) => target.label === PAGE) : allTargets;
  console.log(
    `Lighthouse ${lighthouseVersion()} mobile preset, Chromium at ${CHROME_PATH}, median of ${RUNS} runs, ` +
      `${os.cpus().length} cores (load average ${os.loadavg()[0]?.toFixed(2)}: other work on the machine skews performance)\n`,
  );
  const header = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'transfer'];
  const rows: string[][] = [];
  const notes: string[] = [];
  const blocking: string[] = [];
  const benchmarkIndexes: number[] = [];
  for (const target of targets) {
    const results: Result[] = [];
    let lastRun: RunnerResult | undefined;
    for (let run = 0; run < RUNS; run++) {
      lastRun = await audit(`${base}${target.path}`, target);
      const { lhr } = lastRun;
      results.push(lhr);
      if (lhr.environment.benchmarkIndex > 0) benchmarkIndexes.push(lhr.environment.benchmarkIndex);
      if (SAVE_DIR) {
        fs.mkdirSync(SAVE_DIR, { recursive: true });
        const name = `${target.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`;
        fs.writeFileSync(path.join(SAVE_DIR, name), JSON.stringify(lhr));
        if (target.categories.includes('performance')) {
          const lines = blockingLines(await explainBlocking(lastRun));
          fs.writeFileSync(path.join(SAVE_DIR, name.replace(/\.json$/, '.blocking.txt')), `${lines.join('\n')}\n`);
        }
      }
    }
    const med = (pick: (lhr: Result) => number) => median(results.map(pick));
    const cell = (category: Category) => {
      if (!target.categories.includes(category)) return '–';
      const value = med((lhr) => score(lhr, category));
      if (value < BUDGET[category]) {
        if (category !== 'performance') missed = true;
        return `${value} ✗`;
      }
      return `${value}`;
    };
    const perf = target.categories.includes('performance');
    const metric = (id: keyof typeof METRIC_GOALS) => {
      if (!perf) return '–';
      const value = med((lhr) => numeric(lhr, id));
      const text = id === 'cumulative-layout-shift' ? value.toFixed(3) : ms(value);
      return value > METRIC_GOALS[id] ? `${text} ✗` : text;
    };
    rows.push([
      target.label,
      ...CATEGORIES.map(cell),
      metric('first-contentful-paint'),
      metric('largest-contentful-paint'),
      metric('total-blocking-time'),
      metric('cumulative-layout-shift'),
      perf ? kb(med((lhr) => numeric(lhr, 'total-byte-weight'))) : '–',
    ]);
    // The last run stands for the others when explaining what is short of 100.
    const last = results.at(-1);
    if (!last) continue;
    const lines = target.categories.flatMap((category) => {
      const found = failures(last, category);
      return found.length ? [`  ${category}:`, ...found] : [];
    });
    if (perf) {
      const found = diagnostics(last);
      if (found.length) lines.push('  diagnostics:', ...found);
    }
    if (lines.length) notes.push(`${target.label}`, ...lines);
    if (perf && lastRun) blocking.push(target.label, ...blockingLines(await explainBlocking(lastRun)));
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  if (benchmarkIndexes.length) {
    // Lighthouse scales the main thread's tasks by 4 whatever the machine: on a slower one TBT grows with it.
    console.log(
      `Lighthouse's CPU benchmark index of this machine: median ${Math.round(median(benchmarkIndexes))}, ` +
        `${Math.round(Math.min(...benchmarkIndexes))} to ${Math.round(Math.max(...benchmarkIndexes))} over the runs\n`,
    );
  }
  for (const row of [header, ...rows]) console.log(row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
  console.log(
    `\nGoals: every category ${BUDGET.performance}, FCP ≤ ${METRIC_GOALS['first-contentful-paint']} ms, LCP ≤ ` +
      `${METRIC_GOALS['largest-contentful-paint']} ms, TBT ≤ ${METRIC_GOALS['total-blocking-time']} ms, CLS ` +
      `${METRIC_GOALS['cumulative-layout-shift']}; ✗ marks a median short of its goal. Only accessibility, best ` +
      'practices and SEO fail the run:\nperformance moves with the load on the machine (docs/product-rules.md#budgets ' +
      'says where it stands and why).',
  );
  if (notes.length) console.log(`\nWhat costs points (last run):\n${notes.join('\n')}`);
  if (blocking.length)
    console.log(`\nWhere Total Blocking Time goes (last run, as Lighthouse reckons it):\n${blocking.join('\n')}`);
} finally {
  await server.stop();
}
// Accessibility, best practices and SEO do not depend on machine load: missing them fails the script.
if (missed) process.exitCode = 1;

function lighthouseVersion(): string {
  const pkg: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8'));
  return pkg && typeof pkg === 'object' && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : '?';
}
