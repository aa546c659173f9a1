import { type Request, type Response, Router } from 'express';
import type { CallEvents } from '#server/calls/call-events.ts';
import type { Config } from '#server/config.ts';
import type { DoNotContactKey } from '#server/consent/do-not-contact.ts';
import { sendApiError } from '#server/http/api-error.ts';
import type { RateLimitStores } from '#server/http/rate-limit-store.ts';
import type { LeadChecks } from '#server/leads/checks/lead-checks.ts';
import type { LeadEvents } from '#server/leads/inbox-room.ts';
import type { LeadFormName, LeadRefusal, ServerMetrics } from '#server/metrics/server-metrics.ts';
import { type ApiError, fieldRefusal } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import type { LeadKind } from '#shared/lead-inbox.ts';
import { PROCESSING_ERROR_MESSAGE, SAME_NUMBER_COOLDOWN_MESSAGE } from '#shared/messages.ts';
import {
  type IntakeContext,
  type IntakeOutcome,
  leadIntake,
  readSubmission,
  type Submission,
  usesQuota,
} from './lead-intake.ts';
import { leadRateLimit } from './lead-rate-limit.ts';
import type { LeadStore } from './lead-store.ts';

// What the two lead form routers share: the request's evidence in, the lead intake, the HTTP answer out.

/** What the lead form routers need; createApp builds it once for both. */
export interface LeadRouteDeps {
  config: Config;
  store: LeadStore;
  /** The do-not-contact list's digests (server/consent/do-not-contact.ts). */
  doNotContact: DoNotContactKey;
  checks: LeadChecks;
  clock: Clock;
  callEvents: CallEvents;
  /** Told of every lead accepted, after commit (the inbox room passes it on to the operators' pages). */
  leadEvents: Pick<LeadEvents, 'publish'>;
  /** Told after commit that a webhook payload is queued, so the outbox worker sends it at once. */
  onLeadQueued: () => void;
  /** Counts each submission's answer; none by default. */
  metrics?: Pick<ServerMetrics, 'leadAccepted' | 'leadRefused'>;
  /** Where the per-address counts are kept; this process's memory unless given. */
  limitStores?: RateLimitStores;
}

const USER_AGENT_MAX = 512;

/** Where the consent came from: the client's address (as TRUST_PROXY tells it) and its user agent. */
export function intakeContext(req: Request): IntakeContext {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null };
}

/** How one form words what is not a refusal by field. */
export interface LeadWording {
  /** For the log. */
  form: string;
  /** The phone service could not answer, or a check broke. */
  failure: ApiError;
  /** The lead could not be stored. */
  storeFailure: ApiError;
}

type Accepted = Extract<IntakeOutcome, { kind: 'accepted' }>;

/** Sends the intake's outcome; a refusal by field is 400 from the form's rules, 422 from a check. */
function sendIntakeOutcome(
  req: Request,
  res: Response,
  outcome: IntakeOutcome,
  wording: LeadWording,
  accepted: (outcome: Accepted) => object,
): void {
  switch (outcome.kind) {
    case 'accepted':
      res.status(201).json(accepted(outcome));
      return;
    case 'honeypot':
      req.log.info(`${wording.form} refused: honeypot filled`);
      sendApiError(res, 400, PROCESSING_ERROR_MESSAGE);
      return;
    case 'invalid':
      sendApiError(res, 400, fieldRefusal(outcome.fieldErrors));
      return;
    case 'refused':
    case 'do-not-contact':
      sendApiError(res, 422, fieldRefusal({ [outcome.field]: outcome.message }));
      return;
    case 'cooldown':
      sendApiError(res, 429, { error: SAME_NUMBER_COOLDOWN_MESSAGE, retryAfterSeconds: outcome.retryAfterSeconds });
      return;
    case 'unavailable':
      // A name the service could not check is still the name's to fix; a phone it could not check is not.
      sendApiError(
        res,
        502,
        outcome.check === 'name' ? fieldRefusal({ [outcome.field]: outcome.message }) : wording.failure,
      );
      return;
    case 'failed':
      if (outcome.stage === 'checks') {
        req.log.warn({ err: outcome.error }, `${wording.form} checks failed`);
        sendApiError(res, 500, wording.failure);
      } else {
        req.log.error({ err: outcome.error }, `${wording.form} could not be stored`);
        sendApiError(res, 500, wording.storeFailure);
      }
      return;
  }
}

/** What an outcome other than `accepted` is counted as. */
function refusalOf(outcome: Exclude<IntakeOutcome, Accepted>): LeadRefusal {
  switch (outcome.kind) {
    case 'honeypot':
      return 'honeypot';
    case 'invalid':
      return 'validation';
    case 'refused':
      return `${outcome.check}_refused`;
    case 'cooldown':
      return 'cooldown';
    case 'do-not-contact':
      return 'do_not_contact';
    case 'unavailable':
      return `${outcome.check}_unavailable`;
    case 'failed':
      return 'error';
  }
}

/** One lead form's route: which form it takes (its rules are the intake's), and how its answers are worded. */
export interface LeadFormRoute {
  /** The form, as the intake and the metrics name it. */
  name: LeadFormName;
  /** The lead it makes, as the inbox names it. */
  kind: LeadKind;
  wording: LeadWording;
  /** The 201 body. */
  accepted: (outcome: Accepted) => object;
}

/** POST / of a lead form: the per-address limit, then the intake, then its outcome as HTTP. */
export function leadFormRouter(
  { config, metrics, limitStores, leadEvents, ...deps }: LeadRouteDeps,
  route: LeadFormRoute,
): Router {
  const router = Router();
  const intake = leadIntake({
    ...deps,
    calTeam: config.leads.calTeam,
    siteUrl: config.siteUrl,
    placesCalls: config.vapi !== undefined,
  });
  // Each request's body is read once: the limit asks whether it uses up the quota, the intake takes it on.
  const submissions = new WeakMap<Request, Submission>();
  const submissionOf = (req: Request): Submission => {
    const submission = submissions.get(req) ?? readSubmission(route.name, req.body ?? {});
    submissions.set(req, submission);
    return submission;
  };
  const limit = leadRateLimit(
    config.leads.rateLimitPerHour,
    (req) => usesQuota(submissionOf(req)),
    () => metrics?.leadRefused(route.name, 'rate_limit'),
    limitStores?.(`lead-${route.wording.form}`),
  );
  router.post('/', limit, async (req, res) => {
    const outcome = await intake.take(submissionOf(req), intakeContext(req));
    if (outcome.kind === 'accepted') {
      metrics?.leadAccepted(route.name);
      leadEvents.publish({ leadId: outcome.leadId, kind: route.kind, at: deps.clock().toISOString() });
    } else metrics?.leadRefused(route.name, refusalOf(outcome));
    sendIntakeOutcome(req, res, outcome, route.wording, route.accepted);
  });
  return router;
}
