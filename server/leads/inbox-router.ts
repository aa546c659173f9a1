import express from 'express';
import { sendApiError } from '#server/http/api-error.ts';
import { requireRole } from '#server/sessions/require-role.ts';
import type { SessionStore } from '#server/sessions/session-store.ts';
import { fieldRefusal, toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import type { LeadCallAnswer } from '#shared/lead-call.ts';
import type { DeliverySummary, InboxPage, RetryResult } from '#shared/lead-inbox.ts';
import { inboxFiltersSchema } from '#shared/lead-inbox-schema.ts';
import { encodeCursor, inboxPageSchema } from './inbox-cursor.ts';
import { streamLeadsCsv } from './lead-export.ts';
import { type LeadInboxStore, toInboxLead } from './lead-inbox-store.ts';

export interface LeadsRouterDeps {
  inbox: LeadInboxStore;
  sessions: SessionStore;
  clock: Clock;
  /** LEAD_WEBHOOK_URL is set: deliveries have somewhere to go. */
  webhookConfigured: boolean;
  giveUpHours: number;
  /** Wakes the outbox worker after an operator made deliveries due again. */
  onRetryRequested: () => void;
}

const LEAD_ID = /^[\w-]{1,64}$/;
const NO_WEBHOOK = 'LEAD_WEBHOOK_URL is not set on this server, so there is nowhere to deliver leads to.';

/** The lead inbox API, for the operator role only: a client or analytics session reads no lead. */
export function leadsRouter({
  inbox,
  sessions,
  clock,
  webhookConfigured,
  giveUpHours,
  onRetryRequested,
}: LeadsRouterDeps) {
  const router = express.Router();
  router.use(requireRole('operator', { sessions, clock }));

  router.get('/', async (req, res) => {
    const filters = inboxFiltersSchema.safeParse(req.query);
    const paging = inboxPageSchema.safeParse(req.query);
    if (!filters.success || !paging.success) {
      const fieldErrors = {
        ...(paging.success ? {} : toFieldErrors(paging.error).fieldErrors),
        ...(filters.success ? {} : toFieldErrors(filters.error).fieldErrors),
      };
      sendApiError(res, 400, fieldRefusal(fieldErrors));
      return;
    }
    const { cursor, limit } = paging.data;
    const batch = await inbox.batch(filters.data, cursor, limit);
    res.json({
      leads: batch.rows.map((row) => toInboxLead(row, batch)),
      nextCursor: batch.next ? encodeCursor(batch.next) : null,
      total: cursor ? null : await inbox.count(filters.data),
    } satisfies InboxPage);
  });

  // The filtered list as a spreadsheet-safe CSV, every page of it, streamed (server/leads/lead-export.ts).
  router.get('/export.csv', async (req, res) => {
    const filters = inboxFiltersSchema.safeParse(req.query);
    if (!filters.success) {
      sendApiError(res, 400, toFieldErrors(filters.error));
      return;
    }
    const fileName = `porchlight-leads-${clock().toISOString().slice(0, 10)}.csv`;
    try {
      await streamLeadsCsv(res, inbox, filters.data, fileName);
    } catch (error) {
      if (!res.headersSent) throw error;
      // Part of the file is sent: cutting the connection tells the browser the download failed.
      req.log.error({ err: error }, 'lead export failed while streaming');
      res.destroy();
    }
  });

  router.get('/delivery', async (_req, res) => {
    const waiting = await inbox.undelivered();
    res.json({
      webhookConfigured,
      giveUpHours,
      queued: waiting.queued,
      retrying: waiting.retrying,
      givenUp: waiting.givenUp,
      undelivered: waiting.queued + waiting.retrying + waiting.givenUp,
      oldestUndeliveredAt: waiting.oldestCreatedAt?.toISOString() ?? null,
      checkedAt: clock().toISOString(),
    } satisfies DeliverySummary);
  });

  /** Makes the chosen deliveries due now; with no LEAD_WEBHOOK_URL there is nowhere to send them, so none is. */
  async function retry(res: express.Response, which: { deliveryId: string } | 'given-up'): Promise<void> {
    if (!webhookConfigured) {
      sendApiError(res, 409, NO_WEBHOOK);
      return;
    }
    const retried = await inbox.retry(which, clock());
    if (retried > 0) onRetryRequested();
    res.json({ retried } satisfies RetryResult);
  }

  router.post('/retry-given-up', (_req, res) => retry(res, 'given-up'));

  // A lead's call in full, transcript included: read when the operator opens that lead, never with the list.
  router.get('/:id/call', async (req, res) => {
    const id = req.params.id;
    const call = LEAD_ID.test(id) ? await inbox.callOf(id) : undefined;
    if (call === undefined) {
      sendApiError(res, 404, 'There is no lead with this id.');
      return;
    }
    res.json({ call } satisfies LeadCallAnswer);
  });

  router.post('/:id/retry', async (req, res) => {
    const id = req.params.id;
    const delivery = LEAD_ID.test(id) ? await inbox.deliveryOf(id) : undefined;
    if (!delivery) {
      sendApiError(res, 404, 'There is no lead with this id.');
      return;
    }
    if (delivery.state === null) {
      sendApiError(res, 409, 'This lead has no delivery to retry.');
      return;
    }
    if (delivery.state === 'delivered') {
      sendApiError(res, 409, 'This lead was delivered already: there is nothing to retry.');
      return;
    }
    await retry(res, { deliveryId: id });
  });

  return router;
}
