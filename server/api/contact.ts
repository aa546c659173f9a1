import crypto from 'node:crypto';
import { Router } from 'express';
import { site } from '#content/site.ts';
import { fieldRefusal, toFieldErrors } from '#shared/api-error.ts';
import { CONTACT_CONSENT_VERSION, contactConsentText } from '#shared/consent.ts';
import { contactSchema } from '#shared/lead-schemas.ts';
import {
  contactFailureToast,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
  PROCESSING_ERROR_MESSAGE,
} from '#shared/messages.ts';
import { calendarFor, DEFAULT_SOURCE_TAG } from '#shared/source-tag.ts';
import { sendApiError } from '../api-error.ts';
import { decideCallTiming } from '../leads/call-timing.ts';
import { runLeadChecks } from '../leads/lead-checks-run.ts';
import { CONTACT_LEAD_TOPIC, type ContactLeadPayload, sourceFields } from '../leads/lead-payloads.ts';
import { honeypotFilled, type LeadRouteDeps, requestEvidence } from '../leads/lead-route-deps.ts';
import { leadRateLimit } from './lead-rate-limit.ts';

// SPEC §8 "Any other failure in the contact form": the destructive toast's title and text.
const FAILURE = { error: contactFailureToast.title, description: contactFailureToast.description };

/** POST /api/contact (issue 6; SPEC §4 "Contact form", DESIGN "Flows: Contact form"). */
export function contactRouter({ config, store, checks, clock, onLeadQueued }: LeadRouteDeps): Router {
  const router = Router();
  const limit = leadRateLimit(
    config.leads.rateLimitPerHour,
    (body) => honeypotFilled(body) || contactSchema.safeParse(body).success,
  );
  router.post('/', limit, async (req, res) => {
    const body: unknown = req.body ?? {};
    if (honeypotFilled(body)) {
      req.log.info('contact refused: honeypot filled');
      sendApiError(res, 400, PROCESSING_ERROR_MESSAGE);
      return;
    }
    const parsed = contactSchema.safeParse(body);
    if (!parsed.success) {
      sendApiError(res, 400, toFieldErrors(parsed.error));
      return;
    }
    const form = parsed.data;
    const fullName = `${form.firstName} ${form.lastName}`;

    let checked: Awaited<ReturnType<typeof runLeadChecks>>;
    try {
      checked = await runLeadChecks(checks, { email: form.email, phone: form.phoneNumber, fullName });
    } catch (error) {
      req.log.warn({ err: error }, 'contact checks failed');
      sendApiError(res, 500, FAILURE);
      return;
    }
    if (!checked.ok) {
      // SPEC §5 "Contact form": each refusal under its field; the name covers first and last, shown at the first.
      switch (checked.failed) {
        case 'email':
          sendApiError(res, 422, fieldRefusal({ email: checked.reason }));
          return;
        case 'phone':
          sendApiError(res, 422, fieldRefusal({ phoneNumber: PHONE_INVALID_MESSAGE }));
          return;
        case 'phone-unavailable':
          sendApiError(res, 502, FAILURE);
          return;
        case 'name':
          sendApiError(res, 422, fieldRefusal({ firstName: nameInvalidMessage(fullName) }));
          return;
        case 'name-unavailable':
          sendApiError(res, 502, fieldRefusal({ firstName: NAME_CHECK_FAILED_MESSAGE }));
          return;
      }
    }

    const now = clock();
    const timestamp = now.toISOString();
    // Stored for the automation, which calls "shortly" within the recipient's hours (SPEC §8 success toast).
    const timing = decideCallTiming(checked.timeZones, undefined, now);
    const tag = form.sourceTag ?? DEFAULT_SOURCE_TAG;
    const calendar = calendarFor(tag, config.leads.calTeam);
    const leadId = crypto.randomUUID();
    const evidence = requestEvidence(req);
    const payload: ContactLeadPayload = {
      type: 'contact',
      leadId,
      firstName: form.firstName,
      lastName: form.lastName,
      phoneNumber: form.phoneNumber,
      companyName: form.companyName,
      email: form.email,
      timestamp,
      timezone: timing.timezone,
      ...sourceFields(tag, calendar),
    };

    try {
      await store.save(
        {
          lead: {
            id: leadId,
            kind: 'contact',
            full_name: fullName,
            first_name: form.firstName,
            last_name: form.lastName,
            company_name: form.companyName,
            phone: form.phoneNumber,
            email: form.email,
            // The modal's notice is the consent: submitting is agreeing to it (stored below, word for word).
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
            consent_text_version: CONTACT_CONSENT_VERSION,
            consent_text: contactConsentText(site.name),
            ...evidence,
            created_at: timestamp,
          },
          outbox: { topic: CONTACT_LEAD_TOPIC, payload },
        },
        now,
      );
    } catch (error) {
      req.log.error({ err: error }, 'contact lead could not be stored');
      sendApiError(res, 500, FAILURE);
      return;
    }

    onLeadQueued();
    res.status(201).json({ status: 'submitted' });
  });
  return router;
}
