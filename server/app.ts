import crypto from 'node:crypto';
import compression from 'compression';
import express, { type Express } from 'express';
import { rateLimit } from 'express-rate-limit';
import { pinoHttp } from 'pino-http';
import type { DB } from '#db/database.ts';
import type { Clock } from '#shared/clock.ts';
import { type Config, publicConfig } from './config.ts';
import { healthRouter } from './health.ts';
import type { Logger } from './logger.ts';
import { apiNotFound, errorHandler } from './middleware/errors.ts';
import { sameOriginOnly } from './middleware/same-origin.ts';
import { cspNonce, securityHeaders } from './middleware/security.ts';
import type { PageSource } from './pages.ts';
import { ssrHandler } from './ssr.ts';

export interface AppDeps {
  config: Config;
  db: DB;
  logger: Logger;
  pages: PageSource;
  /** Defaults to the system clock. */
  clock?: Clock;
}

/** The whole HTTP application; tests build it with their own config, database, pages and clock. */
export function createApp({ config, db, logger, pages }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(
    pinoHttp({
      logger: logger.child({ subsystem: 'http' }),
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use(compression());
  app.use(cspNonce);
  app.use(securityHeaders({ https: config.siteUrl.startsWith('https:'), dev: !config.isProduction }));

  app.use(healthRouter(db));
  app.use(pages.assets);

  const api = express.Router();
  api.use(
    rateLimit({
      windowMs: 60_000,
      limit: config.apiRateLimitPerMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: { error: 'Too many requests. Please wait a minute and try again.' },
    }),
  );
  api.use(sameOriginOnly(config.siteUrl));
  // Signed server-to-server callbacks (/api/hooks) read their raw body: mount them above this parser.
  api.use(express.json({ limit: '16kb' }));
  // API routers go here, one line each.
  api.use(apiNotFound);
  app.use('/api', api);

  app.get('/{*path}', ssrHandler({ pages, publicConfig: publicConfig(config) }));
  app.use(errorHandler);
  return app;
}
