import express from 'express';
import { sendApiError } from '#server/http/api-error.ts';
import { requireRole } from '#server/sessions/require-role.ts';
import type { SessionStore } from '#server/sessions/session-store.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import { erasureSchema, privacySubjectSchema } from '#shared/privacy-request-schema.ts';
import type { ErasureResult, PrivacyAuditEntry, PrivacyFindings } from '#shared/privacy-requests.ts';
import { countsOf, type PersonRecords, type PrivacyStore } from './privacy-store.ts';

/** Entries of the audit trail the page shows. */
export const AUDIT_TRAIL_LENGTH = 50;

/** The export's document: the stored rows as they are, each delivery's payload read back into JSON. */
function exportDocument(records: PersonRecords, now: Date) {
  return {
    exportedAt: now.toISOString(),
    matchedBy: records.matchedBy,
    counts: countsOf(records),
    leads: records.leads,
    // What each receipt shows; the receipt's link is never stored, so it cannot be exported.
    consents: records.consents,
    revocations: records.revocations,
    calls: records.calls,
    transcripts: records.transcripts,
    callFields: records.callFields,
    deliveries: records.deliveries.map(({ payload, ...delivery }) => ({ ...delivery, payload: parsed(payload) })),
    visits: records.visits,
    cooldowns: records.cooldowns,
  };
}

function parsed(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

/**
 * Privacy requests, for the operator role only: find every record of a phone number or e-mail address, export
 * it as a JSON file, or erase it. The person is named in the request body (POST), never in a URL that a log
 * would keep. Each export and erasure leaves an audit entry without personal data.
 */
export function privacyRequestsRouter({
  privacy,
  sessions,
  clock,
}: {
  privacy: PrivacyStore;
  sessions: SessionStore;
  clock: Clock;
}) {
  const router = express.Router();
  router.use(requireRole('operator', { sessions, clock }));

  router.get('/', async (_req, res) => {
    res.json((await privacy.auditTrail(AUDIT_TRAIL_LENGTH)) satisfies PrivacyAuditEntry[]);
  });

  router.post('/search', async (req, res) => {
    const subject = privacySubjectSchema.safeParse(req.body);
    if (!subject.success) {
      sendApiError(res, 400, toFieldErrors(subject.error));
      return;
    }
    const records = await privacy.find(subject.data);
    res.json({
      matchedBy: records.matchedBy,
      counts: countsOf(records),
      leads: records.leads.map((lead) => ({
        id: lead.id,
        createdAt: lead.created_at,
        kind: lead.kind,
        fullName: lead.full_name,
      })),
    } satisfies PrivacyFindings);
  });

  router.post('/export', async (req, res) => {
    const subject = privacySubjectSchema.safeParse(req.body);
    if (!subject.success) {
      sendApiError(res, 400, toFieldErrors(subject.error));
      return;
    }
    const now = clock();
    const records = await privacy.exportRecords(subject.data, now);
    const fileName = `porchlight-privacy-export-${now.toISOString().slice(0, 10)}.json`;
    res
      .type('application/json')
      .set('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(JSON.stringify(exportDocument(records, now), null, 2));
  });

  router.post('/erase', async (req, res) => {
    const request = erasureSchema.safeParse(req.body);
    if (!request.success) {
      sendApiError(res, 400, toFieldErrors(request.error));
      return;
    }
    const records = await privacy.erase(request.data, clock());
    res.json({ matchedBy: records.matchedBy, erased: countsOf(records) } satisfies ErasureResult);
  });

  return router;
}
