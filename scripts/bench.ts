// `npm run bench`: production build, server on a free port, load on loopback, figures printed.
// Bounded in time (DURATION_S per run) and stops by itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildIfNeeded, ROOT, startProductionServer } from './lib/production-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PAGES = ['/', '/blogs'];
const STATIC_DIR = path.join(ROOT, 'dist', 'client', '__bench');

async function load(url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': 'gzip' },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Gzip size of every script the browser loads before interaction: the entry and its modulepreloads. */
async function javascriptBeforeInteraction(base: string, html: string) {
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) if (m[1]) srcs.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)) if (m[1]) srcs.add(m[1]);
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

buildIfNeeded();
const server = await startProductionServer();
const { base } = server;

try {
  fs.mkdirSync(STATIC_DIR, { recursive: true });
  console.log(
    `Porchlight benchmark: ${CONNECTIONS} connections, ${DURATION_S} s per run, loopback, ${os.cpus().length} cores`,
  );
  console.log(`Node ${process.version}\n`);
  const rows: string[][] = [];
  for (const page of PAGES) {
    // The same bytes as a static file, served by the same process: the ceiling for this page.
    const html = await (await fetch(`${base}${page}`)).text();
    const file = `${page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')}.html`;
    fs.writeFileSync(path.join(STATIC_DIR, file), html);
    const ssr = await load(`${base}${page}`);
    const ceiling = await load(`${base}/__bench/${file}`);
    rows.push([
      page,
      kb(Buffer.byteLength(html)),
      `${ssr.rps}`,
      `${ssr.p50} / ${ssr.p99} ms`,
      `${ceiling.rps}`,
      `${ceiling.p50} / ${ceiling.p99} ms`,
      `${((ssr.rps / ceiling.rps) * 100).toFixed(1)} %`,
      `${ssr.errors + ceiling.errors}`,
    ]);
  }
  const header = [
    'page',
    'html',
    'SSR req/s',
    'SSR p50 / p99',
    'static req/s',
    'static p50 / p99',
    'SSR / static',
    'errors',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));

  const home = await (await fetch(`${base}/`)).text();
  const js = await javascriptBeforeInteraction(base, home);
  console.log(
    `\nJavaScript before interaction on /: ${js.files} files, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip (budget 120 KB gzip)`,
  );
} finally {
  fs.rmSync(STATIC_DIR, { recursive: true, force: true });
  await server.stop();
}
