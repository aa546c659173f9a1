import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Logger } from '#server/logger.ts';
import type { BackupStatus } from '#server/ops/backup-schedule.ts';
import type { OutboxBacklog } from '#server/outbox/outbox-store.ts';
import type { AttemptOutcome } from '#server/outbox/outbox-worker.ts';
import type { Clock } from '#shared/clock.ts';
import { requestTally } from './request-tally.ts';

// What operators read of one server (README "Metrics"). Each server has its own registry, so several servers in
// one process (tests, benchmarks) count apart; nothing here is global but prom-client's process figures.

export type LeadFormName = 'demo_call' | 'contact';

export const LEAD_REFUSALS = [
  /** The hidden field was filled: a bot. */
  'honeypot',
  /** The form's own rules: a missing or malformed field. */
  'validation',
  /** The number was asked for within 6 hours. */
  'cooldown',
  /** The number or address is on the do-not-contact list. */
  'do_not_contact',
  /** Too many submissions from the address this hour. */
  'rate_limit',
  'email_refused',
  'phone_refused',
  'name_refused',
  /** A check's service could not answer. */
  'phone_unavailable',
  'name_unavailable',
  /** A check broke, or the lead could not be stored: a 500. */
  'error',
] as const;

export type LeadRefusal = (typeof LEAD_REFUSALS)[number];

/** Why a Socket.IO handshake was refused (server/socket/socket.ts). */
export const SOCKET_REFUSALS = [
  /** An Origin other than SITE_URL's. */
  'origin',
  /** The address holds SOCKETS_PER_ADDRESS connections already. */
  'too_many_connections',
  /** The handshake's client address could not be told. */
  'unknown_address',
  /** Admitting it failed (the slots' store): look at the log. */
  'error',
] as const;

export type SocketRefusal = (typeof SOCKET_REFUSALS)[number];

export interface ServerMetrics {
  registry: Registry;
  /** A `request` listener of the HTTP server: times each request until its response closes. */
  timeRequest(req: IncomingMessage, res: ServerResponse): void;
  leadAccepted(form: LeadFormName): void;
  leadRefused(form: LeadFormName, reason: LeadRefusal): void;
  delivery(outcome: AttemptOutcome): void;
  /** A backup this server took (scheduled, or before a migration) ended. */
  backup(result: 'success' | 'failure'): void;
  /** A Socket.IO handshake was refused: counted each time, where the log has at most a line a minute per address. */
  socketRefused(reason: SocketRefusal): void;
  /** Gives the gauges what they read at each scrape, as the parts that have it are built. */
  observe(sources: Partial<ObservedSources>): void;
}

/** What the metrics read at each scrape; each is observed once the part of the server that has it exists. */
export interface ObservedSources {
  outboxBacklog(): Promise<OutboxBacklog>;
  /** Socket.IO connections open now. */
  socketCount(): number;
  /** The backup schedule's status; absent when this server does not own its database. */
  backupStatus?: () => BackupStatus;
}

export function createServerMetrics({ clock, logger }: { clock: Clock; logger: Logger }): ServerMetrics {
  const registry = new Registry();
  const sources: Partial<ObservedSources> = {};
  const log = logger.child({ subsystem: 'metrics' });
  // Process CPU and memory, heap, handles, GC and event-loop lag, under their usual names. The lag is sampled
  // every 50 ms, not prom-client's 10: each sample wakes the process, and at 10 ms those wake-ups were 40 % of
  // what an idle server spent (README, "Metrics").
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 50 });

  const timeRequest = requestTally(registry);

  const accepted = new Counter({
    name: 'porchlight_leads_accepted_total',
    help: 'Leads stored, by form.',
    labelNames: ['form'],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'porchlight_leads_refused_total',
    help: 'Lead form submissions refused, by form and reason.',
    labelNames: ['form', 'reason'],
    registers: [registry],
  });
  // Every series present from the start at 0, so that rate() and alerts see the first one.
  for (const form of ['demo_call', 'contact'] as const) {
    accepted.labels(form).inc(0);
    for (const reason of LEAD_REFUSALS) refused.labels(form, reason).inc(0);
  }

  const deliveries = new Counter({
    name: 'porchlight_outbox_deliveries_total',
    help: 'Lead webhook delivery attempts: delivered, rejected by the receiver (4xx), or receiver unavailable.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['delivered', 'rejected', 'unavailable'] as const) deliveries.labels(outcome).inc(0);

  // One read serves both outbox gauges of a scrape: prom-client collects them one right after the other.
  let backlogRead: Promise<OutboxBacklog | undefined> | undefined;
  function readBacklog(): Promise<OutboxBacklog | undefined> {
    const read = sources.outboxBacklog;
    if (!read) return Promise.resolve(undefined);
    backlogRead ??= read()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'outbox backlog could not be read for the metrics');
        return undefined;
      })
      .finally(() => setImmediate(() => (backlogRead = undefined)));
    return backlogRead;
  }
  const undelivered: Gauge<'state'> = new Gauge({
    name: 'porchlight_outbox_undelivered',
    help: 'Leads not delivered to the webhook yet, by state (queued, retrying, given_up).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const backlog = await readBacklog();
      if (!backlog) return undelivered.reset();
      undelivered.set({ state: 'queued' }, backlog.queued);
      undelivered.set({ state: 'retrying' }, backlog.retrying);
      undelivered.set({ state: 'given_up' }, backlog.givenUp);
    },
  });
  const oldestAge: Gauge = new Gauge({
    name: 'porchlight_outbox_oldest_undelivered_age_seconds',
    help: 'Age of the oldest lead not delivered to the webhook (given up or not); 0 when every lead is delivered.',
    registers: [registry],
    async collect() {
      const backlog = await readBacklog();
      if (!backlog) return oldestAge.reset();
      const oldest = backlog.oldestCreatedAt;
      oldestAge.set(oldest ? Math.max(0, (clock().getTime() - oldest.getTime()) / 1000) : 0);
    },
  });

  const sockets: Gauge = new Gauge({
    name: 'porchlight_socket_connections',
    help: 'Socket.IO connections open now (browsers following a demo call).',
    registers: [registry],
    collect: () => sockets.set(sources.socketCount?.() ?? 0),
  });

  const socketRefusals = new Counter({
    name: 'porchlight_socket_handshakes_refused_total',
    help: 'Socket.IO handshakes refused, by reason (origin, too_many_connections, unknown_address, error).',
    labelNames: ['reason'],
    registers: [registry],
  });
  for (const reason of SOCKET_REFUSALS) socketRefusals.labels(reason).inc(0);

  const backups = new Counter({
    name: 'porchlight_backups_total',
    help: 'Database backups taken by this server since it started, by result (success, failure).',
    labelNames: ['result'],
    registers: [registry],
  });
  backups.labels('success').inc(0);
  backups.labels('failure').inc(0);
  function observeBackups(status: () => BackupStatus) {
    // From the backup folder, so that they hold across restarts: an alert on the last success's age needs that.
    const lastSuccess: Gauge = new Gauge({
      name: 'porchlight_backup_last_success_timestamp_seconds',
      help: 'When the newest backup in the backup folder was taken (Unix time); 0 when there is none.',
      registers: [registry],
      collect() {
        const last = status().last;
        if (last) lastSuccess.set(Date.parse(last.at) / 1000);
        else lastSuccess.reset();
      },
    });
    const lastSize: Gauge = new Gauge({
      name: 'porchlight_backup_last_size_bytes',
      help: 'Size of the newest backup.',
      registers: [registry],
      collect() {
        const last = status().last;
        if (last) lastSize.set(last.bytes);
        else lastSize.reset();
      },
    });
    const lastDuration: Gauge = new Gauge({
      name: 'porchlight_backup_last_duration_seconds',
      help: 'Time the newest backup took, copy and integrity check together (0 when taken before this start).',
      registers: [registry],
      collect() {
        const ms = status().last?.ms;
        if (ms != null) lastDuration.set(ms / 1000);
        else lastDuration.reset();
      },
    });
    const failing: Gauge = new Gauge({
      name: 'porchlight_backup_failing',
      help: '1 when the latest backup attempt failed, 0 once one succeeds again.',
      registers: [registry],
      collect: () => failing.set(status().lastFailure ? 1 : 0),
    });
  }

  return {
    registry,
    timeRequest,
    leadAccepted: (form) => accepted.labels(form).inc(),
    leadRefused: (form, reason) => refused.labels(form, reason).inc(),
    delivery: (outcome) => deliveries.labels(outcome).inc(),
    backup: (result) => backups.labels(result).inc(),
    socketRefused: (reason) => socketRefusals.labels(reason).inc(),
    observe(observed) {
      if (observed.backupStatus && !sources.backupStatus) observeBackups(observed.backupStatus);
      Object.assign(sources, observed);
    },
  };
}
