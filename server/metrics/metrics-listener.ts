import http from 'node:http';
import type { Registry } from 'prom-client';
import type { Logger } from '#server/logger.ts';

export interface MetricsListener {
  /** Listens on `host:port` (0: a free port); resolves with the port. */
  start(host: string, port: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * `GET /metrics` on a listener of its own, apart from the site's port: what it shows (traffic, lead refusals,
 * the outbox) is for operators, so it is reachable only where METRICS_HOST binds it, never through the site.
 * Anything else answers 404.
 */
export function metricsListener(registry: Registry, logger: Logger): MetricsListener {
  const log = logger.child({ subsystem: 'metrics' });
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  // A scraper keeps its connection open between scrapes; stopping must not wait for it.
  server.keepAliveTimeout = 5_000;
  let listening = false;
  return {
    start(host, port) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          listening = true;
          const address = server.address();
          resolve(typeof address === 'object' && address ? address.port : port);
        });
      });
    },
    async stop() {
      if (!listening) return;
      listening = false;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
