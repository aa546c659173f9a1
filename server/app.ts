import type { RequestListener } from 'node:http';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { pinoHttp } from 'pino-http';
import { analyticsRouter } from '#server/analytics/analytics-router.ts';
import { receiptRouter, revocationRouters } from '#server/consent/consent-router.ts';
import { dashboardRouter } from '#server/dashboard/dashboard-router.ts';
import { hookPath } from '#server/hooks/hook-path.ts';
import { HOOKS_PATH, signedHooks } from '#server/hooks/hooks.ts';
import { clientAddressOf } from '#server/http/client-address.ts';
import { apiNotFound, errorHandler } from '#server/http/errors.ts';
import { requestIdOf } from '#server/http/request-id.ts';
import { sameOriginOnly } from '#server/http/same-origin.ts';
import { cspNonce } from '#server/http/security.ts';
import { contactRouter } from '#server/leads/contact-router.ts';
import { demoCallsRouter } from '#server/leads/demo-calls-router.ts';
import { leadsRouter } from '#server/leads/inbox-router.ts';
import { privacyRequestsRouter } from '#server/leads/privacy-router.ts';
import { markRouteGroup } from '#server/metrics/route-groups.ts';
import { healthRouter } from '#server/ops/health.ts';
import { builtAssetResponses } from '#server/pages/built-assets.ts';
import { discoveryRouter } from '#server/pages/discovery.ts';
import { hotPath } from '#server/pages/hot-path.ts';
import { ssrHandler } from '#server/pages/ssr.ts';
import { sessionRouter } from '#server/sessions/session-router.ts';
import { visitsRouter } from '#server/visits/visits-router.ts';
import { CONSENT_RECEIPT_PATH } from '#shared/consent.ts';
import { calendarFor, DEFAULT_SOURCE_TAG } from '#shared/source-tag.ts';
import { publicConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { withoutSearchTerms } from './logger.ts';

/**
 * What the HTTP server runs: built assets and cached pages answered before Express is entered
 * (docs/decisions/0006-hot-path.md), then the signed hooks (docs/decisions/0021-hooks-before-express.md),
 * everything else by the Express app. Tests drive the same listener.
 */
export function requestListener(ctx: AppContext, app: Express): RequestListener {
  const fixedHeaders = ctx.security.headersFor({ script: [], style: [] });
  const hot = hotPath({
    assets: builtAssetResponses(ctx.pages.builtAssets ?? new Map(), fixedHeaders),
    page: ctx.cachedPages?.page,
    logger: ctx.logger,
  });
  const clientAddress = clientAddressOf(ctx.config.trustProxy);
  const hooks = hookPath({
    hooks: signedHooks({
      config: ctx.config,
      clock: ctx.clock,
      calls: ctx.calls,
      conversation: ctx.conversation,
      reportCall: ctx.reportCall,
      leadVolume: ctx.leadVolume,
      replays: ctx.replays,
      logger: ctx.logger,
    }),
    prefix: `${HOOKS_PATH}/`,
    headers: fixedHeaders,
    // Per client address as Express would see it (TRUST_PROXY); IPv6 clients count per /56, like the API limit.
    addressOf: (req) => ipKeyGenerator(clientAddress(req) ?? ''),
    logger: ctx.logger,
  });
  return (req, res) => {
    if (!hot(req, res) && !hooks(req, res)) app(req, res);
  };
}

/** The Express app: middleware in one readable order, then each router over the context's services. */
export function createApp(ctx: AppContext): Express {
  const { config, clock, sessions, limitStores } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(
    pinoHttp({
      logger: ctx.logger.child({ subsystem: 'http' }),
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
  app.use(ctx.security.middleware);

  app.use(healthRouter(ctx.db, ctx.backupStatus));
  // Counted as assets when the static files answer (their 404 included), not when they pass the request on.
  app.use((req, res, next) => {
    markRouteGroup(res, 'asset');
    ctx.pages.assets(req, res, (error?: unknown) => {
      if (!error) markRouteGroup(res, undefined);
      next(error);
    });
  });

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
  let warnedSiteUrl = false;
  api.use(
    sameOriginOnly(config.siteUrl, {
      // Once per process: the operator needs the line, not one per refused form.
      onSiteUnderAnotherName(origin) {
        if (warnedSiteUrl) return;
        warnedSiteUrl = true;
        ctx.logger.warn(
          { origin, siteUrl: config.siteUrl },
          `a form was sent from ${origin}, this server under another name than SITE_URL (${config.siteUrl}), and refused: set SITE_URL=${origin} if that is the site's address`,
        );
      },
    }),
  );
  api.use(cookieParser(ctx.sessionSecret));
  // Visits parse their own body with a smaller limit (2 kB), so they sit above the general parser too.
  const calendarLink = (tag: string | null) => calendarFor(tag ?? DEFAULT_SOURCE_TAG, config.leads.calTeam).link;
  api.use('/visits', visitsRouter({ config, visits: ctx.visits, geo: ctx.geo, clock, calendarLink, limitStores }));
  api.use(express.json({ limit: '16kb' }));
  // API routers go here, one line each.
  const leads = {
    config,
    store: ctx.leads,
    doNotContact: ctx.doNotContact,
    checks: ctx.checks,
    clock,
    callEvents: ctx.callEvents,
    leadEvents: ctx.leadEvents,
    onLeadQueued: ctx.leadQueued,
    metrics: ctx.metrics,
    limitStores,
  };
  api.use('/demo-calls', demoCallsRouter(leads));
  api.use('/contact', contactRouter(leads));
  api.use('/session', sessionRouter({ config, sessions, clock, failures: ctx.signInFailures, sleep: ctx.sleep }));
  api.use(
    '/dashboard',
    dashboardRouter({ leadVolume: ctx.leadVolume, capturedBetween: ctx.inbox.capturedBetween, sessions, clock }),
  );
  api.use('/analytics', analyticsRouter({ analytics: ctx.analytics, sessions, clock }));
  api.use(
    '/leads',
    leadsRouter({
      inbox: ctx.inbox,
      sessions,
      clock,
      webhookConfigured: Boolean(config.secrets.leadWebhookUrl),
      giveUpHours: config.leads.webhookGiveUpHours,
      onRetryRequested: ctx.retryRequested,
    }),
  );
  api.use('/privacy-requests', privacyRequestsRouter({ privacy: ctx.privacy, sessions, clock }));
  const consent = { consent: ctx.consent, clock, siteUrl: config.siteUrl };
  const revocation = revocationRouters({ ...consent, limitStores, perHour: config.leads.rateLimitPerHour });
  api.use('/consent-revocations', revocation.api);
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(discoveryRouter({ pages: ctx.pages, siteUrl: config.siteUrl }));
  // Receipts are nobody's but their holder's: answered here, never by the page cache (server/consent/).
  app.use(CONSENT_RECEIPT_PATH, receiptRouter(consent));
  // The revocation form as the browser itself posts it, scripts off: answered with a page of its own.
  app.use(revocation.page);
  app.get(
    '/{*path}',
    (_req, res, next) => {
      markRouteGroup(res, 'page');
      next();
    },
    ssrHandler({
      pages: ctx.pages,
      publicConfig: publicConfig(config),
      siteUrl: config.siteUrl,
      cache: ctx.pageCache,
      cachedPages: ctx.cachedPages,
    }),
  );
  app.use(errorHandler);
  return app;
}
