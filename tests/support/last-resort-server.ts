// A tiny server for server/ops/last-resort.test.ts, run in its own process: GET /throw throws from a timer and
// leaves a rejection unhandled, as a bug in a callback would; every other path answers "ok". Without the
// `--bare` flag the last-resort handlers are installed once it listens, as server/index.ts does.
import http from 'node:http';
import { createLogger } from '#server/logger.ts';
import { installLastResort } from '#server/ops/last-resort.ts';

const logger = createLogger('info');
const server = http.createServer((req, res) => {
  if (req.url === '/throw') {
    setTimeout(() => {
      throw new Error('thrown in a timer');
    });
    void Promise.reject(new Error('rejected and never handled'));
  }
  res.end('ok');
});
server.listen(0, '127.0.0.1', () => {
  if (!process.argv.includes('--bare')) installLastResort(logger);
  const address = server.address();
  logger.info({ port: typeof address === 'object' && address ? address.port : 0 }, 'listening');
});
