import type { RequestListener } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { rateLimit } from 'express-rate-limit';
import { pinoHttp } from 'pino-http';
import type { Dispatcher } from 'undici';
import type { DB } from '#db/database.ts';
import { isPostgres } from '#db/dialect.ts';
import { analyticsRouter } from '#server/analytics/analytics-router.ts';
import { analyticsStore } from '#server/analytics/analytics-store.ts';
import { type CallEvents, createCallEvents } from '#server/calls/call-events.ts';
import { callStatusService } from '#server/calls/call-status-service.ts';
import { dashboardRouter } from '#server/dashboard/dashboard-router.ts';
import { leadVolumeStore } from '#server/dashboard/lead-volume-store.ts';
import { type GeoLocator, sharedGeoLocator } from '#server/geo/geo-locator.ts';
import { HOOKS_PATH, hooksRouter } from '#server/hooks/hooks-router.ts';
import { memoryReplayGuard, postgresReplayGuard, type ReplayGuard } from '#server/hooks/replay-guard.ts';
import { apiNotFound, errorHandler } from '#server/http/errors.ts';
import { rateLimitStores } from '#server/http/rate-limit-store.ts';
import { requestIdOf } from '#server/http/request-id.ts';
import { sameOriginOnly } from '#server/http/same-origin.ts';
import { cspNonce, securityPolicy } from '#server/http/security.ts';
import { createLeadChecks } from '#server/leads/checks/lead-checks.ts';
import { contactRouter } from '#server/leads/contact-router.ts';
import { demoCallsRouter } from '#server/leads/demo-calls-router.ts';
import { leadsRouter } from '#server/leads/inbox-router.ts';
import { leadInboxStore } from '#server/leads/lead-inbox-store.ts';
import { leadStore } from '#server/leads/lead-store.ts';
import { privacyRequestsRouter } from '#server/leads/privacy-router.ts';
import { privacyStore } from '#server/leads/privacy-store.ts';
import { markRouteGroup } from '#server/metrics/route-groups.ts';
import type { ServerMetrics } from '#server/metrics/server-metrics.ts';
import type { BackupStatus } from '#server/ops/backup-schedule.ts';
import { healthRouter } from '#server/ops/health.ts';
import { builtAssetResponses } from '#server/pages/built-assets.ts';
import { cachedPageResponses } from '#server/pages/cached-pages.ts';
import { discoveryRouter } from '#server/pages/discovery.ts';
import { type HotPath, hotPath } from '#server/pages/hot-path.ts';
import type { PageCache } from '#server/pages/page-cache.ts';
import type { PageSource } from '#server/pages/page-source.ts';
import { ssrHandler } from '#server/pages/ssr.ts';
import { type FailureCounter, memoryFailureCounter, postgresFailureCounter } from '#server/sessions/failure-counter.ts';
import { SIGN_IN_WINDOW_MS, sessionRouter } from '#server/sessions/session-router.ts';
import { resolveSessionSecret } from '#server/sessions/session-secret.ts';
import { sessionStore } from '#server/sessions/session-store.ts';
import { visitStore } from '#server/visits/visit-store.ts';
import { visitsRouter } from '#server/visits/visits-router.ts';
import { pixelCspSources } from '#shared/ad-pixel.ts';
import { calCspSources } from '#shared/cal-embed.ts';
import { type Clock, systemClock } from '#shared/clock.ts';
import { calendarFor, DEFAULT_SOURCE_TAG } from '#shared/source-tag.ts';
import { type Config, publicConfig } from './config.ts';
import { type Logger, withoutSearchTerms } from './logger.ts';

export interface AppDeps {
  config: Config;
  db: DB;
  logger: Logger;
  pages: PageSource;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Defaults to the offline DB-IP database, opened once per process. */
  geo?: GeoLocator;
  /** Outbound HTTP of the third-party checks; tests pass an undici MockAgent. Defaults to undici's global agent. */
  dispatcher?: Dispatcher;
  /** Call status changes, published after commit; server/index.ts binds the Socket.IO rooms to them. */
  callEvents?: CallEvents;
  /** Told after commit that a lead's webhook payload is queued (the outbox worker's `notify`). */
  onLeadQueued?: () => void;
  /** Told when an operator made lead deliveries due again (the outbox worker's `retryNow`). */
  onRetryRequested?: () => void;
  /** Rendered pages served again; createServer makes one in production (development reloads the code). */
  pageCache?: PageCache;
  /** Signatures of accepted hook requests, so none is accepted twice; defaults to this process's memory. */
  replays?: ReplayGuard;
  /** Where failed sign-ins are counted; by default the database on PostgreSQL (shared), else this process's memory. */
  signInFailures?: FailureCounter;
  /** Waits out the pauses after failed sign-ins; tests pass one that records instead. */
  sleep?: (ms: number) => Promise<void>;
  /** The backup schedule's status, shown by `/readyz`; server/index.ts passes it. */
  backupStatus?: () => BackupStatus;
  /** Where lead form answers are counted (createServer's metrics); none by default. */
  metrics?: Pick<ServerMetrics, 'leadAccepted' | 'leadRefused'>;
}

const hotPaths = new WeakMap<Express, HotPath>();

/**
 * What the HTTP server runs: `app`'s hot path (built assets, cached pages) answered before Express is entered,
 * everything else by `app`. The app serves the same requests the same way on its own, only slower.
 */
export function requestListener(app: Express): RequestListener {
  const hot = hotPaths.get(app);
  return hot
    ? (req, res) => {
        if (!hot(req, res)) app(req, res);
      }
    : app;
}

/** The whole HTTP application; tests build it with their own config, database, pages and clock. */
export function createApp({
  config,
  db,
  logger,
  pages,
  clock = systemClock,
  geo = sharedGeoLocator(),
  dispatcher,
  callEvents = createCallEvents(),
  onLeadQueued = () => {},
  onRetryRequested = () => {},
  pageCache,
  replays: givenReplays,
  signInFailures: givenSignInFailures,
  sleep = (ms) => delay(ms),
  backupStatus,
  metrics,
}: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // Third parties the pages use: the video embed when configured, the booking calendar, the ad pixel when configured.
  const calendar = calCspSources(config.leads.calTeam);
  const pixel = pixelCspSources(config.metaPixelId);
  const video = config.promoVideo.youtubeId ? ['https://www.youtube-nocookie.com'] : [];
  const security = securityPolicy({
    https: config.siteUrl.startsWith('https:'),
    dev: !config.isProduction,
    thirdParties: {
      script: [...calendar.script, ...pixel.script],
      frame: [...video, ...calendar.frame],
      connect: pixel.connect,
      img: pixel.img,
      // Cal.com's embed styles itself inline; a calendar team is always set (CAL_TEAM has a default).
      inlineStyles: Boolean(config.leads.calTeam),
      // What the embeds ask for in their iframes' `allow` (client/features/promos/video-dialog.tsx; Cal.com's embed).
      delegate: {
        autoplay: video,
        'encrypted-media': video,
        fullscreen: video,
        'picture-in-picture': video,
        payment: calendar.frame,
      },
    },
  });
  const cachedPages =
    pageCache && cachedPageResponses({ cache: pageCache, siteUrl: config.siteUrl, headersFor: security.headersFor });

  // Built assets and cached pages first, ahead of everything below (server/pages/hot-path.ts).
  const hot = hotPath({
    assets: builtAssetResponses(pages.builtAssets ?? new Map(), security.headersFor({ script: [], style: [] })),
    page: cachedPages?.page,
    logger,
  });
  hotPaths.set(app, hot);
  app.use((req, res, next) => {
    if (!hot(req, res)) next();
  });

  app.use(
    pinoHttp({
      logger: logger.child({ subsystem: 'http' }),
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
      serializers: { req: withoutSearchTerms },
    }),
  );
  app.use(compression());
  app.use(cspNonce);
  app.use(security.middleware);

  app.use(healthRouter(db, backupStatus));
  // Counted as assets when the static files answer (their 404 included), not when they pass the request on.
  app.use((req, res, next) => {
    markRouteGroup(res, 'asset');
    pages.assets(req, res, (error?: unknown) => {
      if (!error) markRouteGroup(res, undefined);
      next(error);
    });
  });

  const sessions = sessionStore(db);
  const leadVolume = leadVolumeStore(db);
  const calls = callStatusService({ db, events: callEvents, clock });
  // With several instances on one PostgreSQL database, a replay sent to any of them is caught.
  const replays = givenReplays ?? (isPostgres(db) ? postgresReplayGuard(db, { clock }) : memoryReplayGuard({ clock }));
  // Signed server-to-server callbacks, ahead of /api: their own limits, their own raw body, no same-origin rule.
  app.use(HOOKS_PATH, hooksRouter({ config, clock, calls, leadVolume, replays }));

  const limitStores = rateLimitStores(db, clock, logger);
  const signInFailures =
    givenSignInFailures ??
    (isPostgres(db)
      ? postgresFailureCounter(db, { windowMs: SIGN_IN_WINDOW_MS })
      : memoryFailureCounter({ windowMs: SIGN_IN_WINDOW_MS }));
  const api = express.Router();
  api.use(
    rateLimit({
      ...limitStores('api'),
      windowMs: 60_000,
      limit: config.apiRateLimitPerMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: { error: 'Too many requests. Please wait a minute and try again.' },
    }),
  );
  api.use(sameOriginOnly(config.siteUrl));
  api.use(cookieParser(resolveSessionSecret(config.dataDir, config.secrets.sessionSecret)));
  // Visits parse their own body with a smaller limit (2 kB), so they sit above the general parser too.
  const calendarLink = (tag: string | null) => calendarFor(tag ?? DEFAULT_SOURCE_TAG, config.leads.calTeam).link;
  api.use('/visits', visitsRouter({ config, visits: visitStore(db), geo, clock, calendarLink, limitStores }));
  api.use(express.json({ limit: '16kb' }));
  // API routers go here, one line each.
  const checks = createLeadChecks(config, logger, dispatcher);
  const leads = { config, store: leadStore(db), checks, clock, callEvents, onLeadQueued, metrics, limitStores };
  api.use('/demo-calls', demoCallsRouter(leads));
  api.use('/contact', contactRouter(leads));
  api.use('/session', sessionRouter({ config, sessions, clock, failures: signInFailures, sleep }));
  const inbox = leadInboxStore(db);
  api.use('/dashboard', dashboardRouter({ leadVolume, capturedBetween: inbox.capturedBetween, sessions, clock }));
  api.use('/analytics', analyticsRouter({ analytics: analyticsStore(db), sessions, clock }));
  api.use(
    '/leads',
    leadsRouter({
      inbox,
      sessions,
      clock,
      webhookConfigured: Boolean(config.secrets.leadWebhookUrl),
      giveUpHours: config.leads.webhookGiveUpHours,
      onRetryRequested,
    }),
  );
  api.use('/privacy-requests', privacyRequestsRouter({ privacy: privacyStore(db), sessions, clock }));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(discoveryRouter({ pages, siteUrl: config.siteUrl }));
  app.get(
    '/{*path}',
    (_req, res, next) => {
      markRouteGroup(res, 'page');
      next();
    },
    ssrHandler({ pages, publicConfig: publicConfig(config), siteUrl: config.siteUrl, cache: pageCache, cachedPages }),
  );
  app.use(errorHandler);
  return app;
}
