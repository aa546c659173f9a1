// The browser tests' server: the production server, built by createServer from the environment as `npm start`
// builds it, with one difference: its clock starts at E2E_CLOCK_START and runs on at the normal rate. At the
// default instant, 2026-01-15T18:00:00Z, a 210 number (America/Chicago) is at noon, inside calling hours, and
// an 808 number (Pacific/Honolulu) is at 08:00, outside them, whatever the machine's own date. The clock is
// handed to createServer like any other dependency: nothing global is replaced, and the browser keeps its own
// time (a test that depends on it sets it with Playwright's `page.clock`).

import { loadConfig } from '#server/config.ts';
import { createServer } from '#server/create-server.ts';
import type { Clock } from '#shared/clock.ts';

/** A clock that reads `start` now and then moves with real time. */
function clockStartingAt(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return () => new Date(realNow() + offset);
}

const start = new Date(process.env.E2E_CLOCK_START ?? '2026-01-15T18:00:00Z');
if (Number.isNaN(start.getTime())) throw new Error('E2E_CLOCK_START must be an ISO date');

const config = loadConfig();
const server = await createServer(config, { clock: clockStartingAt(start) });
const port = await server.start();
server.logger.info({ port, clockStart: start.toISOString() }, `listening on http://localhost:${port}`);

async function shutdown() {
  await server.stop();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
