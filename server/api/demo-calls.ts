import crypto from 'node:crypto';
import { type Response, Router } from 'express';
import { site } from '#content/site.ts';
import { fieldRefusal, toFieldErrors } from '#shared/api-error.ts';
import { DEMO_CONSENT_VERSION, demoConsentText } from '#shared/consent.ts';
import { demoCallSchema } from '#shared/lead-schemas.ts';
import {
  DEMO_FAILURE_MESSAGE,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
  PROCESSING_ERROR_MESSAGE,
  SAME_NUMBER_COOLDOWN_MESSAGE,
} from '#shared/messages.ts';
import { calendarFor, DEFAULT_SOURCE_TAG } from '#shared/source-tag.ts';
import { sendApiError } from '../api-error.ts';
import { decideCallTiming } from '../leads/call-timing.ts';
import { runLeadChecks } from '../leads/lead-checks-run.ts';
import { DEMO_LEAD_TOPIC, type DemoLeadPayload, sourceFields } from '../leads/lead-payloads.ts';
import { honeypotFilled, type LeadRouteDeps, requestEvidence } from '../leads/lead-route-deps.ts';
import { leadRateLimit } from './lead-rate-limit.ts';

/** Answer of a demo-call request that was accepted. */
export type DemoCallAccepted = { status: 'preparing'; callId: string } | { status: 'scheduled' };

function refuseCooldown(res: Response, retryAt: Date, now: Date): void {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  sendApiError(res, 429, { error: SAME_NUMBER_COOLDOWN_MESSAGE, retryAfterSeconds: seconds });
}

/** POST /api/demo-calls (issue 6; DESIGN "Flows: Demo call"). */
export function demoCallsRouter({ config, store, checks, clock, callEvents, onLeadQueued }: LeadRouteDeps): Router {
  const router = Router();
  const limit = leadRateLimit(
    config.leads.rateLimitPerHour,
    (body) => honeypotFilled(body) || demoCallSchema.safeParse(body).success,
  );
  router.post('/', limit, async (req, res) => {
    const body: unknown = req.body ?? {};
    if (honeypotFilled(body)) {
      req.log.info('demo-call refused: honeypot filled');
      sendApiError(res, 400, PROCESSING_ERROR_MESSAGE);
      return;
    }
    const parsed = demoCallSchema.safeParse(body);
    if (!parsed.success) {
      sendApiError(res, 400, toFieldErrors(parsed.error));
      return;
    }
    const form = parsed.data;

    // An early, read-only answer for a number in its 6 hours: no third party is asked about it again.
    const waitUntil = await store.cooldownEnd(form.phone, clock());
    if (waitUntil) {
      refuseCooldown(res, waitUntil, clock());
      return;
    }

    let checked: Awaited<ReturnType<typeof runLeadChecks>>;
    try {
      checked = await runLeadChecks(checks, { email: form.email, phone: form.phone, fullName: form.fullName });
    } catch (error) {
      req.log.warn({ err: error }, 'demo-call checks failed');
      sendApiError(res, 500, DEMO_FAILURE_MESSAGE);
      return;
    }
    if (!checked.ok) {
      // SPEC §5 and §8, field by field.
      switch (checked.failed) {
        case 'email':
          sendApiError(res, 422, fieldRefusal({ email: checked.reason }));
          return;
        case 'phone':
          sendApiError(res, 422, fieldRefusal({ phone: PHONE_INVALID_MESSAGE }));
          return;
        case 'phone-unavailable':
          sendApiError(res, 502, DEMO_FAILURE_MESSAGE);
          return;
        case 'name':
          sendApiError(res, 422, fieldRefusal({ fullName: nameInvalidMessage(form.fullName) }));
          return;
        case 'name-unavailable':
          sendApiError(res, 502, fieldRefusal({ fullName: NAME_CHECK_FAILED_MESSAGE }));
          return;
      }
    }

    const now = clock();
    const timestamp = now.toISOString();
    const timing = decideCallTiming(checked.timeZones, form.timezone, now);
    const tag = form.sourceTag ?? DEFAULT_SOURCE_TAG;
    const calendar = calendarFor(tag, config.leads.calTeam);
    const leadId = crypto.randomUUID();
    // The call id names the socket room: a random UUID (122 random bits) nobody can guess.
    const callId = timing.scheduled ? null : crypto.randomUUID();
    const evidence = requestEvidence(req);
    const payload: DemoLeadPayload = {
      type: 'demo-call',
      leadId,
      callId,
      phone: form.phone,
      fullName: form.fullName,
      email: form.email,
      consent: true,
      timestamp,
      timezone: timing.timezone,
      scheduled: timing.scheduled,
      ...sourceFields(tag, calendar),
    };

    let saved: Awaited<ReturnType<typeof store.save>>;
    try {
      saved = await store.save(
        {
          cooldown: { phone: form.phone },
          lead: {
            id: leadId,
            kind: 'demo',
            full_name: form.fullName,
            phone: form.phone,
            email: form.email,
            consent: 1,
            timezone: timing.timezone,
            scheduled: timing.scheduled ? 1 : 0,
            source_tag: tag,
            calendar_link: calendar.link,
            ...evidence,
            created_at: timestamp,
          },
          consent: {
            id: crypto.randomUUID(),
            lead_id: leadId,
            consent_text_version: DEMO_CONSENT_VERSION,
            consent_text: demoConsentText(site.name),
            ...evidence,
            created_at: timestamp,
          },
          call: callId
            ? {
                id: callId,
                lead_id: leadId,
                phone_number: checked.e164,
                status: 'preparing',
                created_at: timestamp,
                updated_at: timestamp,
              }
            : undefined,
          outbox: { topic: DEMO_LEAD_TOPIC, payload },
        },
        now,
      );
    } catch (error) {
      req.log.error({ err: error }, 'demo-call could not be stored');
      sendApiError(res, 500, PROCESSING_ERROR_MESSAGE);
      return;
    }
    if (!saved.saved) {
      refuseCooldown(res, saved.retryAt, now);
      return;
    }

    // STYLE §10: side effects after commit. 'preparing' starts the local call driver when it runs.
    if (callId) callEvents.publish({ callId, status: 'preparing' });
    onLeadQueued();
    const answer: DemoCallAccepted = callId ? { status: 'preparing', callId } : { status: 'scheduled' };
    res.status(201).json(answer);
  });
  return router;
}
