import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { DataDirLock } from '#db/data-dir-lock.ts';
import { checkpoint, type DB, migrateToLatest } from '#db/database.ts';
import { isPostgres } from '#db/dialect.ts';
import { createPostgresDatabase } from '#db/postgres.ts';
import { openUpgradedDatabase } from '#db/upgrade.ts';
import { type AnalyticsStore, analyticsStore } from '#server/analytics/analytics-store.ts';
import { type CallConversation, callConversation } from '#server/calls/call-conversation.ts';
import { type CallEvents, createCallEvents } from '#server/calls/call-events.ts';
import { callPlacement, END_CALL_TOPIC, PLACE_CALL_TOPIC } from '#server/calls/call-placement.ts';
import type { CallPlacer } from '#server/calls/call-placer.ts';
import { callReporter, type ReportCall } from '#server/calls/call-reports.ts';
import { type CallStatusService, callStatusService } from '#server/calls/call-status-service.ts';
import { callAutomationConfigured, type Schedule, startLocalCallDriver } from '#server/calls/local-call-driver.ts';
import { vapiPlacer } from '#server/calls/vapi-placer.ts';
import { type ConsentStore, consentStore } from '#server/consent/consent-store.ts';
import { type DoNotContactKey, doNotContactKey } from '#server/consent/do-not-contact.ts';
import { checkSharedKey } from '#server/consent/shared-key.ts';
import { type LeadVolumeStore, leadVolumeStore } from '#server/dashboard/lead-volume-store.ts';
import { createEventBus } from '#server/events/event-bus.ts';
import { type GeoLocator, sharedGeoLocator } from '#server/geo/geo-locator.ts';
import { memoryReplayGuard, postgresReplayGuard, type ReplayGuard } from '#server/hooks/replay-guard.ts';
import { type RateLimitStores, rateLimitStores } from '#server/http/rate-limit-store.ts';
import { type SecurityPolicy, siteSecurityPolicy } from '#server/http/security.ts';
import { createLeadChecks, describeLeadChecks, type LeadChecks } from '#server/leads/checks/lead-checks.ts';
import { erasureLedger } from '#server/leads/erasure-ledger.ts';
import type { LeadEvents } from '#server/leads/inbox-room.ts';
import { type LeadInboxStore, leadInboxStore } from '#server/leads/lead-inbox-store.ts';
import { LEAD_TOPICS } from '#server/leads/lead-payloads.ts';
import { type LeadStore, leadStore } from '#server/leads/lead-store.ts';
import { type PrivacyStore, privacyStore } from '#server/leads/privacy-store.ts';
import { createServerMetrics, type ServerMetrics } from '#server/metrics/server-metrics.ts';
import { type BackupSchedule, type BackupStatus, scheduleBackups } from '#server/ops/backup-schedule.ts';
import { scheduleMaintenance } from '#server/ops/maintenance.ts';
import { outboxBacklog } from '#server/outbox/outbox-store.ts';
import { createOutboxWorker, type OutboxWorker } from '#server/outbox/outbox-worker.ts';
import { type CachedPageResponses, cachedPageResponses } from '#server/pages/cached-pages.ts';
import { createPageCache, PAGE_CACHE_TTL_MS, type PageCache } from '#server/pages/page-cache.ts';
import { developmentPages, type PageSource, productionPages } from '#server/pages/page-source.ts';
import { keepPagesWarm, type PageWarmer } from '#server/pages/page-warmer.ts';
import { fillPage } from '#server/pages/ssr.ts';
import {
  type FailureCounter,
  memoryFailureCounter,
  postgresFailureCounter,
  SIGN_IN_WINDOW_MS,
} from '#server/sessions/failure-counter.ts';
import { resolveSessionSecret } from '#server/sessions/session-secret.ts';
import { type SessionStore, sessionStore } from '#server/sessions/session-store.ts';
import { memorySocketSlots, postgresSocketSlots, type SocketSlots } from '#server/socket/socket-slots.ts';
import { type VisitStore, visitStore } from '#server/visits/visit-store.ts';
import { type Clock, systemClock } from '#shared/clock.ts';
import type { NewLeadEvent } from '#shared/inbox-protocol.ts';
import { pageKeyOf } from '#shared/page-query.ts';
import { type Config, publicConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';

/** What a caller (a test, a benchmark) may bring instead of what the context builds from its config. */
export interface ContextOverrides {
  logger?: Logger;
  /** Defaults to the system clock. */
  clock?: Clock;
  /**
   * An open, migrated database; by default PostgreSQL at DATABASE_URL when set, else the SQLite file in
   * DATA_DIR, locked for this server, backed up and migrated on the way, with scheduled backups while it runs.
   */
  db?: DB;
  /** By default the production build (production) or Vite (development). */
  pages?: PageSource;
  /** Rendered pages served again; by default one in production (development reloads the code). */
  pageCache?: PageCache;
  /** Defaults to the offline DB-IP database, opened once per process. */
  geo?: GeoLocator;
  /** Outbound HTTP of the third-party checks; tests pass an undici MockAgent. Defaults to undici's global agent. */
  dispatcher?: Dispatcher;
  /** Where call status changes are published; tests pass one they listen to. */
  callEvents?: CallEvents;
  /** Where accepted leads are published; tests pass one they listen to. */
  leadEvents?: LeadEvents;
  /** Told after commit that a lead's webhook payload is queued, besides the outbox worker (a test's own worker). */
  onLeadQueued?: () => void;
  /** Told when an operator made lead deliveries due again, instead of the outbox worker (a test's own worker). */
  onRetryRequested?: () => void;
  /** Signatures of accepted hook requests; by default the database on PostgreSQL (shared), else memory. */
  replays?: ReplayGuard;
  /** Where failed sign-ins are counted; by default the database on PostgreSQL (shared), else memory. */
  signInFailures?: FailureCounter;
  /** Where socket connections per address are counted; by default PostgreSQL's table or this process's memory. */
  socketSlots?: SocketSlots;
  /** Waits out the pauses after failed sign-ins; tests pass one that records instead. */
  sleep?: (ms: number) => Promise<void>;
  /** The backup schedule's status, shown by `/readyz`; by default the schedule's own when the server has one. */
  backupStatus?: () => BackupStatus;
  /** The local call driver's timers; tests pass their own. */
  callSchedule?: Schedule;
  /**
   * The key the do-not-contact list derives its own from; by default DO_NOT_CONTACT_KEY, else the erasure ledger's
   * in DATA_DIR. Instances sharing a PostgreSQL database must share it (docs/product-rules.md#consent).
   */
  ledgerKey?: Buffer;
}

/**
 * Everything the server runs, built once from its config: the database and every store and service over it,
 * the call event bus, the outbox and its worker, the call driver, metrics and the clock. The HTTP app and the
 * socket layer are built over it (server/create-server.ts); nothing else constructs a service
 * (docs/decisions/0015-composition-root.md).
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  clock: Clock;
  db: DB;
  metrics: ServerMetrics;
  /** Page HTML and browser assets, the page cache, and what the hot path answers from it. */
  pages: PageSource;
  pageCache: PageCache | undefined;
  cachedPages: CachedPageResponses | undefined;
  /** Security headers and the CSP of every response. */
  security: SecurityPolicy;
  geo: GeoLocator;
  checks: LeadChecks;
  leads: LeadStore;
  inbox: LeadInboxStore;
  privacy: PrivacyStore;
  /** Consent receipts and revocations; the do-not-contact list's digests. */
  consent: ConsentStore;
  doNotContact: DoNotContactKey;
  visits: VisitStore;
  analytics: AnalyticsStore;
  leadVolume: LeadVolumeStore;
  sessions: SessionStore;
  sessionSecret: string;
  signInFailures: FailureCounter;
  sleep: (ms: number) => Promise<void>;
  limitStores: RateLimitStores;
  replays: ReplayGuard;
  socketSlots: SocketSlots;
  /** Call status changes, published after commit; the socket rooms and the local call driver listen. */
  callEvents: CallEvents;
  calls: CallStatusService;
  /** Leads accepted, published after commit; the inbox room listens. */
  leadEvents: LeadEvents;
  /** What is said and learned on a call: transcript lines, fields, summary, and the whole call for a join. */
  conversation: CallConversation;
  /** The one way a provider's (or the local driver's) reports reach a call (server/calls/call-reports.ts). */
  reportCall: ReportCall;
  /** Delivers every lead's webhook payload, with retries (server/outbox/). */
  outbox: OutboxWorker;
  /** Places calls with the call provider from the outbox; undefined without one. */
  placements: OutboxWorker | undefined;
  /** Told after commit that a lead's payload is queued: wakes the outbox worker. */
  leadQueued(): void;
  /** An operator made deliveries due again: the outbox worker probes at once. */
  retryRequested(): void;
  backupStatus: (() => BackupStatus) | undefined;
  /** The backup schedule, when the server opened its own SQLite file. */
  backups: BackupSchedule | undefined;
  /** Starts the background work: outbox, local call driver, page warmer, retention. */
  start(): void;
  /** Stops the background work, then closes what the context opened itself. */
  close(): Promise<void>;
}

interface OwnDatabase {
  db: DB;
  /** SQLite only: the file's lock and backups (PostgreSQL has its own tools, README "PostgreSQL"). */
  sqlite?: { lock: DataDirLock; backups: BackupSchedule };
}

/** PostgreSQL at DATABASE_URL, migrated; instances starting together migrate once (db/migrator.ts). */
async function openPostgres(url: string, logger: Logger): Promise<OwnDatabase> {
  const db = createPostgresDatabase(url, {
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection failed'),
  });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db };
}

/**
 * One server per DATA_DIR (a restore or a second server refuses while it runs); the file is backed up before
 * any migration, and a downgrade or a failed migration leaves it as it was (db/upgrade.ts). Throws with a line
 * for the operator; nothing stays open then.
 */
async function openOwnDatabase(
  config: Config,
  logger: Logger,
  clock: Clock,
  metrics: ServerMetrics,
): Promise<OwnDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, logger);
  const { db, lock, applied, backup } = await openUpgradedDatabase({
    dataDir: config.dataDir,
    databaseFile: config.databaseFile,
    backups: config.backups,
    purpose: 'server',
    at: clock(),
  });
  if (backup) {
    logger.info({ file: backup.file, bytes: backup.bytes, ms: backup.ms }, 'database backed up before migrating');
    metrics.backup('success');
  }
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  const backups = scheduleBackups({
    config: config.backups,
    databaseFile: config.databaseFile,
    clock,
    logger,
    onBackup: metrics.backup,
  });
  return { db, sqlite: { lock, backups } };
}

function noDatabase(): never {
  throw new Error('no database');
}

/** Builds the context; a caller's overrides replace what it would build. Throws with a line for the operator. */
export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const metrics = createServerMetrics({ clock, logger });
  const own = overrides.db ? undefined : await openOwnDatabase(config, logger, clock, metrics);
  const db: DB = overrides.db ?? own?.db ?? noDatabase();
  const shared = isPostgres(db);
  // The do-not-contact list's key: DO_NOT_CONTACT_KEY, or one derived from the erasure ledger's in DATA_DIR. On
  // PostgreSQL it must be the one every other instance has; a start with another stops here.
  const doNotContactSecret =
    overrides.ledgerKey ??
    (config.secrets.doNotContactKey
      ? Buffer.from(config.secrets.doNotContactKey)
      : erasureLedger(config.dataDir).key());
  try {
    await checkSharedKey(db, 'do-not-contact', doNotContactSecret, clock());
  } catch (error) {
    if (own) {
      await own.db.destroy();
      own.sqlite?.lock.release();
    }
    throw error;
  }
  const backupStatus = overrides.backupStatus ?? own?.sqlite?.backups.status;
  metrics.observe({ outboxBacklog: () => outboxBacklog(db, LEAD_TOPICS), backupStatus });

  const pages = overrides.pages ?? (config.isProduction ? await productionPages() : await developmentPages());
  const renderFailed = (error: unknown) => logger.error({ err: error }, 'page cache render failed');
  const pageCache =
    overrides.pageCache ?? (config.isProduction ? createPageCache({ clock, onError: renderFailed }) : undefined);
  const security = siteSecurityPolicy(config);
  const cachedPages =
    pageCache && cachedPageResponses({ cache: pageCache, siteUrl: config.siteUrl, headersFor: security.headersFor });

  const callEvents =
    overrides.callEvents ?? createCallEvents((error) => logger.error({ err: error }, 'call event listener failed'));
  const calls = callStatusService({ db, events: callEvents, clock });
  const leadEvents =
    overrides.leadEvents ??
    createEventBus<NewLeadEvent>((error) => logger.error({ err: error }, 'lead event listener failed'));
  const conversation = callConversation({ db, events: callEvents, clock });
  const reportCall = callReporter({ calls, conversation });
  const doNotContact = doNotContactKey(doNotContactSecret);
  const outbox = createOutboxWorker({
    db,
    url: config.secrets.leadWebhookUrl,
    secret: config.secrets.leadWebhookSecret,
    outbound: { timeoutMs: config.leads.outboundTimeoutMs },
    clock,
    logger,
    giveUpAfterMs: config.leads.webhookGiveUpHours * 3_600_000,
    onAttempt: metrics.delivery,
    topics: LEAD_TOPICS,
  });
  const placer: CallPlacer | undefined =
    config.vapi && config.secrets.vapiApiKey
      ? vapiPlacer(
          { ...config.vapi, apiKey: config.secrets.vapiApiKey },
          { timeoutMs: config.leads.outboundTimeoutMs, dispatcher: overrides.dispatcher },
        )
      : undefined;
  // A placement is an outbox row of its own topic, with its own worker: the provider's outage holds up no lead.
  const placements =
    placer &&
    createOutboxWorker({
      db,
      url: undefined,
      secret: undefined,
      outbound: { timeoutMs: config.leads.outboundTimeoutMs },
      clock,
      logger,
      topics: [PLACE_CALL_TOPIC, END_CALL_TOPIC],
      send: callPlacement({ db, placer, calls, clock, logger }),
      name: 'call-placement',
    });

  function leadQueued() {
    outbox.notify();
    placements?.notify();
    overrides.onLeadQueued?.();
  }

  let driver: ReturnType<typeof startLocalCallDriver> | undefined;
  let maintenance: ReturnType<typeof scheduleMaintenance> | undefined;
  let warmer: PageWarmer | undefined;
  const socketSlots =
    overrides.socketSlots ??
    (shared
      ? postgresSocketSlots(db, { perAddress: config.socketsPerAddress, clock, logger })
      : memorySocketSlots(config.socketsPerAddress));

  function start() {
    outbox.start();
    placements?.start();
    if (config.secrets.leadWebhookUrl && !config.secrets.leadWebhookSecret) {
      logger.warn('LEAD_WEBHOOK_SECRET unset: lead deliveries to LEAD_WEBHOOK_URL are not signed');
    }
    const automated = placer !== undefined || callAutomationConfigured(config);
    driver = automated
      ? undefined
      : startLocalCallDriver({
          db,
          events: callEvents,
          report: reportCall,
          conversation,
          clock,
          delayMs: config.leads.localCallDelayMs,
          pace: config.leads.localCallPace,
          logger,
          schedule: overrides.callSchedule,
        });
    logger.info(
      { checks: describeLeadChecks(config), leadWebhook: Boolean(config.secrets.leadWebhookUrl) },
      placer
        ? `${placer.provider} places demo calls; its messages move them on at /api/hooks/${placer.provider}`
        : automated
          ? 'call automation configured: demo calls move on when /api/hooks/call-status says so'
          : `no call provider or automation configured (needs VAPI_API_KEY, or LEAD_WEBHOOK_URL and HOOK_SECRET): the local call driver plays the scripted demo call ${config.leads.localCallDelayMs} ms after each call is accepted`,
    );
    if (pageCache) warmer = warmPages(pageCache, pages, config, renderFailed);
    // Retention: old visits, expired sessions and old leads go now and once a day.
    maintenance = scheduleMaintenance({
      db,
      clock,
      logger,
      retentionDays: config.visits.retentionDays,
      leadRetentionDays: config.leads.retentionDays,
    });
  }

  async function close() {
    await warmer?.stop();
    await maintenance?.stop();
    await driver?.stop();
    // The outbox's delivery in flight finishes and is recorded; a backup under way finishes too.
    await outbox.stop();
    await placements?.stop();
    await socketSlots.stop?.();
    if (!overrides.pages) await pages.close();
    if (own?.sqlite) {
      await own.sqlite.backups.stop();
      // The file alone then holds every commit: nothing is left for the next start to replay from the WAL.
      const checkpointed = await checkpoint(own.db).catch((error: unknown) => {
        logger.warn({ err: error }, 'the WAL could not be checkpointed');
        return true;
      });
      if (!checkpointed) logger.warn('the WAL could not be checkpointed completely');
    }
    if (own) {
      await own.db.destroy();
      own.sqlite?.lock.release();
    }
  }

  return {
    config,
    logger,
    clock,
    db,
    metrics,
    pages,
    pageCache,
    cachedPages,
    security,
    geo: overrides.geo ?? sharedGeoLocator(),
    checks: createLeadChecks(config, logger, overrides.dispatcher),
    leads: leadStore(db),
    inbox: leadInboxStore(db),
    privacy: privacyStore(db),
    consent: consentStore({ db, key: doNotContact, onQueued: leadQueued, callEvents }),
    doNotContact,
    visits: visitStore(db),
    analytics: analyticsStore(db),
    leadVolume: leadVolumeStore(db),
    sessions: sessionStore(db),
    sessionSecret: resolveSessionSecret(config.dataDir, config.secrets.sessionSecret),
    signInFailures:
      overrides.signInFailures ??
      (shared
        ? postgresFailureCounter(db, { windowMs: SIGN_IN_WINDOW_MS })
        : memoryFailureCounter({ windowMs: SIGN_IN_WINDOW_MS })),
    sleep: overrides.sleep ?? ((ms) => delay(ms)),
    limitStores: rateLimitStores(db, clock, logger),
    // With several instances on one PostgreSQL database, a replay sent to any of them is caught.
    replays: overrides.replays ?? (shared ? postgresReplayGuard(db, { clock }) : memoryReplayGuard({ clock })),
    socketSlots,
    callEvents,
    leadEvents,
    calls,
    conversation,
    reportCall,
    outbox,
    placements,
    leadQueued,
    retryRequested: overrides.onRetryRequested ?? (() => outbox.retryNow()),
    backupStatus,
    backups: own?.sqlite?.backups,
    start,
    close,
  };
}

/** The sitemap's pages in the cache from the start, renewed before they are stale (server/pages/page-warmer.ts). */
function warmPages(cache: PageCache, pages: PageSource, config: Config, onError: (error: unknown) => void) {
  const pagePublicConfig = publicConfig(config);
  return keepPagesWarm({
    paths: async () => (await pages.serverModule()).indexablePages().map((page) => page.path),
    fill(path) {
      const url = new URL(path, config.siteUrl);
      return fillPage(cache, pageKeyOf(url), url, { pages, publicConfig: pagePublicConfig, onError, early: true });
    },
    roundMs: PAGE_CACHE_TTL_MS / 6,
    onError,
  });
}
