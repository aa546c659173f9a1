import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4319);
const baseURL = `http://localhost:${PORT}`;
// Outside test-results, which every run empties when it starts, and one per port: runs on other ports
// (E2E_PORT) at the same time neither share nor delete it.
const DATA_DIR = path.join(os.tmpdir(), `porchlight-e2e-data-${PORT}`);

// Debian's Chromium headless shell, the kind of headless Chromium Playwright runs by default: the same engine as
// the browser, at about half the machine's time per test (docs/decisions/0024-browser-tests-on-the-headless-shell.md).
// Playwright's own browser download is not used (scripts/ensure-chromium.sh). It resolves no host name but
// localhost, so no test reaches the network (tests/e2e/fixtures.ts reports any that tries); a test fakes a third
// party with its own page.route.
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A machine busy with other work takes longer to render, hydrate and push; these bound waiting, not speed.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // The service worker precaches the whole build in every new browser context; only its own tests
  // (tests/e2e/shell.spec.ts) let it run, which also keeps page.route in reach of every request.
  // A trace costs a quarter of the suite's time even when it is thrown away; a failure still leaves its error
  // context (the page's accessibility tree) and a screenshot. `npx playwright test --trace on` records them.
  // Playwright's own 'only-on-failure' screenshots every page as its context closes, passed or not, and throws
  // the picture away after a pass: a twentieth of the suite's time, more of a short test's. The page fixture takes
  // it after a failure only (tests/e2e/fixtures.ts).
  use: { baseURL, launchOptions, trace: 'off', screenshot: 'off', serviceWorkers: 'block' },
  projects: [
    // A test that does the same at any size runs once: tagged @phone, on the phone (most visitors; the layout
    // spec checks every page at every width), or @desktop, on the desktop (a pointer to hover with, tablet and
    // desktop widths). Whole specs likewise: every route's heading on the phone; the layout at every width
    // (it sets each size itself), visit tracking, the lead inbox and the operator pages on the desktop.
    {
      name: 'desktop',
      grepInvert: /@phone/,
      testIgnore: ['**/routes.spec.ts'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'mobile',
      grepInvert: /@desktop/,
      testIgnore: ['**/layout.spec.ts', '**/tracking.spec.ts', '**/leads.spec.ts', '**/operator.spec.ts'],
      use: { ...devices['Pixel 7'], launchOptions },
    },
  ],
  // The production build, put together by createServer as `npm start` does, with its own throwaway database,
  // and a clock that starts at a fixed instant (tests/support/e2e-server.ts) so calling hours never depend on
  // today.
  webServer: {
    command: `rm -rf ${DATA_DIR} && node tests/support/e2e-server.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SITE_URL: baseURL,
      DATA_DIR,
      LOG_LEVEL: 'warn',
      DIRECTORY_URL: 'https://directory.example.test/agents',
      PROMO_VIDEO_ID: 'porchlight01',
      // Every demo-call test posts from 127.0.0.1; the per-number 6-hour rule still applies.
      DEMO_RATE_LIMIT_PER_HOUR: '1000',
      // The local call driver plays the scripted call ten times as fast: its 50 seconds in 5, after the
      // 2 seconds of preparing. The live call's tests hold each push until they have seen the step before
      // (call-room.ts), so the pace sets how long they wait, never what they see.
      LOCAL_CALL_PACE: '0.1',
      // Operator sign-in, session cookies and signed hooks; tests/e2e/operator.spec.ts checks that none of
      // these reaches the build, the served pages or any script the browser loads.
      CLIENT_DASHBOARD_PASSWORD: 'e2e-client-dashboard-pw',
      ANALYTICS_PASSWORD: 'e2e-analytics-team-pw',
      OPERATOR_PASSWORD: 'e2e-lead-inbox-operator-pw',
      HOOK_SECRET: 'e2e-hook-secret-0123456789abcdef',
      LEAD_WEBHOOK_SECRET: 'e2e-lead-webhook-secret-0123456789',
      SESSION_SECRET: 'e2e-session-secret-0123456789abcdefghijkl',
      // Every page of every test posts a visit from 127.0.0.1, and wrong-password tests fail sign-ins on
      // purpose: the production limits would turn that into 429s (console errors) in unrelated tests.
      VISITS_RATE_LIMIT_PER_MINUTE: '10000',
      API_RATE_LIMIT_PER_MINUTE: '10000',
      LOGIN_ATTEMPTS_PER_15_MIN: '1000',
    },
  },
});
