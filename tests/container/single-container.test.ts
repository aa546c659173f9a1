import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import {
  type Container,
  createVolume,
  docker,
  inspect,
  removeLabelled,
  runApp,
  waitFor,
} from '#tests/container/support/docker.ts';
import { imageReport } from '#tests/container/support/image-report.ts';
import {
  IMAGE_ORIGIN,
  inboxEmails,
  lead,
  OPERATOR_PASSWORD,
  postLead,
  signInAsOperator,
  status,
} from '#tests/container/support/site.ts';

// One container as the README runs it: `docker run` with a named volume and nothing else but the operator's
// password, so that the lead inbox can be read.

let app: Container;
let healthzAfterMs: number;
let cpuToReadyS: number;

/** When the container's process started, by the engine's clock (the same kernel clock as this process's). */
async function startedAt(container: string): Promise<number> {
  const iso = await inspect(container, '{{.State.StartedAt}}');
  return Date.parse(iso.replace(/(\.\d{3})\d*Z$/, '$1Z'));
}

beforeAll(async () => {
  const volume = await createVolume();
  app = await runApp(inject('image'), { volume, env: { OPERATOR_PASSWORD } });
  const answered = await waitFor(
    'GET /healthz answers 200',
    async () => (await status(`${app.url}/healthz`, 1_000)) === 200 && Date.now(),
    {
      timeoutMs: 60_000,
      intervalMs: 50,
    },
  );
  healthzAfterMs = answered - (await startedAt(app.id));
  // The CPU the server used to get there, which does not depend on how busy the machine is.
  const { stdout } = await docker([
    'exec',
    app.id,
    'sh',
    '-c',
    'echo $(cut -d" " -f14,15 /proc/1/stat) $(getconf CLK_TCK)',
  ]);
  const [user = 0, system = 0, ticks = 100] = stdout.trim().split(' ').map(Number);
  cpuToReadyS = (user + system) / ticks;
});

afterAll(async () => {
  await removeLabelled(inject('run'));
});

test('the container answers /healthz, its process running as the non-root user node', async () => {
  expect(await status(`${app.url}/healthz`)).toBe(200);
  expect(await inspect(app.id, '{{.Config.User}}')).toBe('node');
  const { stdout } = await docker(['exec', app.id, 'cat', '/proc/1/status']);
  expect(stdout).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m);
});

test('every page of the sitemap answers 200', async () => {
  const sitemap = await fetch(`${app.url}/sitemap.xml`);
  expect(sitemap.status).toBe(200);
  const pages = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? ''));
  expect(pages.length).toBeGreaterThan(5);
  // The sitemap names SITE_URL's origin; the container is reached on its published port.
  expect(new Set(pages.map((page) => page.origin))).toEqual(new Set([IMAGE_ORIGIN]));
  const answers = [];
  for (const page of pages) answers.push([page.pathname, await status(app.url + page.pathname + page.search)]);
  expect(answers.filter(([, code]) => code !== 200)).toEqual([]);
});

test('a demo call and a contact lead are accepted and the operator finds both in the lead inbox', async () => {
  const demo = lead('demo-call', 'single', 1);
  const contact = lead('contact', 'single', 2);
  expect((await postLead(app.url, demo)).status).toBe(201);
  expect((await postLead(app.url, contact)).status).toBe(201);
  const cookie = await signInAsOperator(app.url);
  expect((await inboxEmails(app.url, cookie)).sort()).toEqual([demo.email, contact.email].sort());
});

test('the data folder, the database and the session secret on the volume are the node user’s alone', async () => {
  const files = ['/app/data', '/app/data/porchlight.sqlite', '/app/data/session-secret'];
  const { stdout } = await docker(['exec', app.id, 'stat', '-c', '%a %U %n', ...files]);
  expect(stdout.trim().split('\n')).toEqual([
    '700 node /app/data',
    '600 node /app/data/porchlight.sqlite',
    '600 node /app/data/session-secret',
  ]);
});

test('the image’s HEALTHCHECK turns the container healthy', async () => {
  await waitFor(
    'the container is healthy',
    async () => (await inspect(app.id, '{{.State.Health.Status}}')) === 'healthy',
    {
      timeoutMs: 90_000,
      intervalMs: 1_000,
    },
  );
});

test('the runtime image holds no dev dependency; its size and start time are printed', async () => {
  const devOnly = ['vite', 'vitest', 'typescript', '@biomejs/biome', '@playwright/test', 'lighthouse'];
  const script = devOnly.map((name) => `test -e node_modules/${name} && echo ${name}`).join('; ');
  const { stdout } = await docker(['run', '--rm', '--entrypoint', 'sh', inject('image'), '-c', `${script}; true`]);
  expect(stdout.trim()).toBe('');

  // Printed, not enforced: the size depends on the base image, the wait on how busy the machine is.
  const report = await imageReport(inject('image'));
  const start = `First 200 from /healthz: ${(healthzAfterMs / 1000).toFixed(2)} s after the process started (goal ≤ 3 s), having used ${cpuToReadyS.toFixed(2)} s of CPU`;
  console.log(`${report.text}\n${start}`);
});
