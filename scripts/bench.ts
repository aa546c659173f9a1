// `npm run bench`: production build, server on a free port, load on loopback, figures printed beside their goals.
// Each page and the main script are measured against a plain node:http server in its own process sending the
// same bytes (same headers, same coding) from memory, one right after the other, so a busy machine weighs on
// both alike. Then the same load spread over 10, 100 and 1,000 distinct page URLs, with the server's memory.
// Bounded in time (about two and a half minutes by default) and stops by itself.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { appLoadOf } from '#tests/support/html.ts';
import { buildIfNeeded, ROOT, startProductionServer } from './lib/production-server.ts';
import { type RecordedResponse, startReferenceServer } from './lib/reference-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const SCALE_DURATION_S = Number(process.env.BENCH_SCALE_DURATION_S ?? 6);
const SCALES = [10, 100, 1_000];
/** What browsers send, give or take deflate and zstd, which the server does not keep pages in. */
const ACCEPT_ENCODING = 'gzip, br';
const GOAL = { page: 0.8, asset: 0.9, p99Ms: 25 };
/** The page cache's default maxEntries (server/pages/page-cache.ts). */
const CACHE_ENTRIES = 200;
/** The production default; its lines go nowhere, but the server still writes them. */
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Failed requests, timeouts and 5xx answers. */
  errors: number;
  /** Answers by class: what a run expects depends on what it asks for. */
  answers: { '2xx': number; '3xx': number; '4xx': number };
  /** CPU time (user + system) the serving process spent per request, in µs: what other load on the machine moves least. */
  cpuUs: number | undefined;
}

/** CPU time a process has used so far, in ms (Linux; clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function load(
  base: string,
  pid: number | undefined,
  paths: string[],
  { durationS = DURATION_S, connections = CONNECTIONS } = {},
): Promise<Load> {
  let next = 0;
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration: durationS,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    // One shared turn across connections, so every path is asked in order, however many connections ask.
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }),
      },
    ],
  });
  const cpuAfter = cpuMs(pid);
  const cpuUs =
    cpuBefore === undefined || cpuAfter === undefined || !result.requests.total
      ? undefined
      : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result['5xx'],
    answers: { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'] },
    cpuUs,
  };
}

/** One GET whose bytes are kept as sent (no decoding), with its headers in order. */
function rawGet(url: string): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const [name = '', value = ''] = [res.rawHeaders[i], res.rawHeaders[i + 1]];
          // Those the reference server's own node:http writes for itself.
          if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(name)) headers.push([name, value]);
        }
        resolve({ path: new URL(url).pathname, status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const etagOf = (response: RecordedResponse) => response.headers.find(([name]) => /^etag$/i.test(name))?.[1];
const codingOf = (response: RecordedResponse) =>
  response.headers.find(([name]) => /^content-encoding$/i.test(name))?.[1] ?? 'identity';

/** The response once the page comes from the page cache (an ETag is its sign); the first visit renders it. */
async function cachedResponse(base: string, pagePath: string): Promise<RecordedResponse> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await rawGet(`${base}${pagePath}`);
    if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
    if (etagOf(response)) return response;
    await sleep(100);
  }
  throw new Error(`${pagePath} never came from the page cache`);
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number | undefined): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `count` distinct URLs a crawler could ask for, made of the site's real pages: as they are, with
 * `?layout=list` (the one parameter the page cache keys), in other letter cases or with a trailing slash (the
 * server redirects those to the page), each with a query parameter of its own that changes nothing.
 */
function distinctUrls(pagePaths: string[], count: number): string[] {
  const spellings = [
    (path: string) => path,
    (path: string) => path.toUpperCase(),
    (path: string) => (path === '/' ? '/' : `${path}/`),
  ];
  return Array.from({ length: count }, (_, i) => {
    const pagePath = pagePaths[i % pagePaths.length] ?? '/';
    const spell = spellings[Math.floor(i / pagePaths.length) % spellings.length] ?? String;
    const layout = Math.floor(i / (pagePaths.length * spellings.length)) % 2 ? 'layout=list&' : '';
    return `${spell(pagePath)}?${layout}utm_content=${i}`;
  });
}

/** `count` paths no page has: they all get the one cached not-found page. */
const unknownPaths = (count: number) => Array.from({ length: count }, (_, i) => `/no-such-page-${i}`);
/** `count` articles that do not exist: their loaders run, then they get the cached not-found page too. */
const unknownArticles = (count: number) => Array.from({ length: count }, (_, i) => `/blog/no-such-article-${i}`);

const percent = (part: number, whole: number) => `${whole ? Math.round((100 * part) / whole) : 0} %`;
const answerMix = ({ answers }: Load) => {
  const total = answers['2xx'] + answers['3xx'] + answers['4xx'];
  return `${percent(answers['2xx'], total)} 200, ${percent(answers['3xx'], total)} 301, ${percent(answers['4xx'], total)} 404`;
};

/** Gzip size of every script the browser loads before interaction: the entry and the chunks fetched with it. */
async function javascriptBeforeInteraction(base: string, html: string) {
  const { preloads, modules } = appLoadOf(html);
  const srcs = new Set([...modules, ...preloads]);
  let raw = 0;
  let gzip = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: srcs.size, raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const load1 = () => os.loadavg()[0]?.toFixed(1);

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
}

const verdict = (ok: boolean) => (ok ? 'met' : 'SHORT');
/** How much of one core the serving process used: well under 100 %, the load generator or the machine set the pace. */
const busy = (result: Load) =>
  result.cpuUs === undefined ? '?' : `${Math.round((result.rps * result.cpuUs) / 1e4)} %`;

buildIfNeeded();
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist', 'client', '.vite', 'manifest.json'), 'utf8'));
// The main script: the largest of the entry and the chunks it imports (vite.config.ts puts the framework in one).
const entryChunk = manifest['client/entry-client.tsx'];
const mainScript = [entryChunk, ...(entryChunk.imports ?? []).map((key: string) => manifest[key])]
  .map(({ file }: { file: string }) => ({ file, size: fs.statSync(path.join(ROOT, 'dist', 'client', file)).size }))
  .reduce((a, b) => (b.size > a.size ? b : a));
const entryScript = `/${mainScript.file}`;
const server = await startProductionServer({ env: { LOG_LEVEL }, discardLog: true });
const { base } = server;

try {
  console.log(
    `Porchlight benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per run, Accept-Encoding: ${ACCEPT_ENCODING}, ` +
      `loopback, ${os.cpus().length} cores, load average ${load1()} at start, LOG_LEVEL=${LOG_LEVEL}`,
  );
  console.log(`Node ${process.version}. The reference is a plain node:http server in its own process sending the`);
  console.log('same bytes and headers from memory; each pair of runs is back to back. CPU/req is the serving');
  console.log("process's CPU time per request, which other load on the machine moves least; core busy is how much of");
  console.log('one core it used: far below 100 %, the load generator (or the rest of the machine) set the pace.\n');

  const blogs = await (await fetch(`${base}/blogs`)).text();
  const article = blogs.match(/href="(\/blog\/[^"#?]+)"/)?.[1];
  if (!article) throw new Error('no article link on /blogs');
  const targets = [
    { path: '/', kind: 'page' as const },
    { path: '/blogs', kind: 'page' as const },
    { path: article, kind: 'page' as const },
    { path: entryScript, kind: 'asset' as const },
  ];
  const recorded: RecordedResponse[] = [];
  for (const target of targets) {
    recorded.push(
      target.kind === 'page' ? await cachedResponse(base, target.path) : await rawGet(`${base}${target.path}`),
    );
  }
  const reference = await startReferenceServer(recorded);
  const rows: string[][] = [];
  try {
    for (const [i, target] of targets.entries()) {
      const response = recorded[i];
      if (!response) continue;
      // Cached pages expire (a minute by default): this run must not be the one that renders it again.
      if (target.kind === 'page') await cachedResponse(base, target.path);
      const ours = await load(base, server.child.pid, [target.path]);
      const ceiling = await load(reference.base, reference.pid, [target.path]);
      const ratio = ours.rps / ceiling.rps;
      const goal = GOAL[target.kind];
      rows.push([
        target.path.length > 34 ? `${target.path.slice(0, 33)}…` : target.path,
        `${kb(response.body.length)} ${codingOf(response)}`,
        `${ours.rps}`,
        `${ours.p50} / ${ours.p99} ms`,
        `${ceiling.rps}`,
        `${ceiling.p50} / ${ceiling.p99} ms`,
        `${ratio.toFixed(2)} (≥ ${goal}) ${verdict(ratio >= goal)}`,
        // The p99 goal is the pages': a 100 KB script's p99 is the load generator's, as the reference's shows.
        target.kind === 'page'
          ? `${ours.p99} ms (≤ ${GOAL.p99Ms}) ${verdict(ours.p99 <= GOAL.p99Ms)}`
          : `${ours.p99} ms (ref ${ceiling.p99})`,
        `${ours.cpuUs ?? '?'} / ${ceiling.cpuUs ?? '?'} µs`,
        `${busy(ours)} / ${busy(ceiling)}`,
        `${ours.errors + ours.answers['3xx'] + ours.answers['4xx'] + ceiling.errors}`,
      ]);
    }
  } finally {
    await reference.stop();
  }
  table(
    [
      'path',
      'sent',
      'req/s',
      'p50 / p99',
      'ref req/s',
      'ref p50 / p99',
      'ratio (goal)',
      'p99 (goal)',
      'CPU/req ours / ref',
      'core busy',
      'errors',
    ],
    rows,
  );

  // Goal: a crawler sweeping many URLs can push the server neither out of memory nor out of the cache's use.
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const pagePaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
  console.log(
    `\nDistinct URLs: the same load spread in turn over N URLs made of the site's ${pagePaths.length} real pages: as they ` +
      'are, with ?layout=list,\nin capitals or with a trailing slash (redirected to the page), each with a query ' +
      'parameter of its own. The cache keys a page\nby its path and ?layout=list only, so it holds at most ' +
      `${pagePaths.length * 2} of them (and ${CACHE_ENTRIES} pages in all). Last, N paths no page has and N ` +
      'articles that do not exist,\nwhich all share one cached not-found page. RSS is the server process ' +
      'before and after.\n',
  );
  for (const pagePath of pagePaths) {
    await cachedResponse(base, pagePath);
    await cachedResponse(base, `${pagePath}?layout=list`);
  }
  const scaleRows: string[][] = [];
  for (const [label, urls] of [
    ...SCALES.map((count) => [`${count}`, distinctUrls(pagePaths, count)] as const),
    [`${SCALES.at(-1)} no page`, unknownPaths(SCALES.at(-1) ?? 1_000)] as const,
    [`${SCALES.at(-1)} no article`, unknownArticles(SCALES.at(-1) ?? 1_000)] as const,
  ]) {
    const before = rssMb(server.child.pid);
    const result = await load(base, server.child.pid, [...urls], { durationS: SCALE_DURATION_S });
    const after = rssMb(server.child.pid);
    scaleRows.push([
      label,
      answerMix(result),
      `${result.rps}`,
      `${result.p50} / ${result.p99} ms`,
      `${result.cpuUs ?? '?'} µs`,
      `${before ?? '?'} → ${after ?? '?'} MB`,
      `${result.errors}`,
    ]);
  }
  table(['URLs', 'answers', 'req/s', 'p50 / p99', 'CPU/req', 'RSS', 'errors'], scaleRows);

  // What visitors get while a crawler sweeps: / must stay in the cache, however many pages the sweep renders.
  await cachedResponse(base, '/');
  const sweepers = Math.max(1, Math.round(CONNECTIONS / 4));
  const [sweep, visitors] = await Promise.all([
    load(base, undefined, unknownArticles(SCALES.at(-1) ?? 1_000), {
      durationS: SCALE_DURATION_S,
      connections: sweepers,
    }),
    load(base, undefined, ['/'], { durationS: SCALE_DURATION_S, connections: CONNECTIONS - sweepers }),
  ]);
  const stillCached = Boolean(etagOf(await rawGet(`${base}/`)));
  console.log(
    `\nWhile ${sweepers} connections sweep ${SCALES.at(-1)} articles that do not exist (${sweep.rps} req/s, p99 ` +
      `${sweep.p99} ms), ` +
      `${CONNECTIONS - sweepers} ask for /: ${visitors.rps} req/s, p50 / p99 ${visitors.p50} / ${visitors.p99} ms, ` +
      `/ ${stillCached ? 'still' : 'NO LONGER'} from the cache afterwards, RSS ${rssMb(server.child.pid) ?? '?'} MB, ` +
      `errors ${sweep.errors + visitors.errors}.`,
  );

  const home = await (await fetch(`${base}/`)).text();
  const js = await javascriptBeforeInteraction(base, home);
  console.log(
    `\nJavaScript before interaction on /: ${js.files} files, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip (goal 100 KB gzip; tests/e2e/script-budget.spec.ts guards today's weight)`,
  );
  console.log(`Load average ${load1()} at the end (${os.cpus().length} cores).`);
} finally {
  await server.stop();
}
