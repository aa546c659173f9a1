import { once } from 'node:events';
import type { Response } from 'express';
import type { InboxFilters } from '#shared/lead-inbox.ts';
import { formatPhone } from '#shared/phone.ts';
import { type CsvValue, csvRow, UTF8_BOM } from './csv.ts';
import type { LeadBatch, LeadInboxStore, LeadRow } from './lead-inbox-store.ts';

/** Leads read from the database at a time: the export never holds more than this many in memory. */
export const EXPORT_BATCH = 500;

/** The export's columns: the lead, its call and delivery, and the evidence of its consent. */
const COLUMNS: [heading: string, value: (row: LeadRow, batch: LeadBatch) => CsvValue][] = [
  ['Lead id', (row) => row.id],
  ['Captured at (UTC)', (row) => row.created_at],
  ['Kind', (row) => (row.kind === 'demo' ? 'Demo call' : 'Contact form')],
  ['Full name', (row) => row.full_name],
  ['First name', (row) => row.first_name],
  ['Last name', (row) => row.last_name],
  ['Company', (row) => row.company_name],
  ['Phone', (row) => formatPhone(row.phone)],
  ['E-mail', (row) => row.email],
  ['Source tag', (row) => row.source_tag],
  ['Calendar', (row) => row.calendar_link],
  ['Call', (row) => (row.scheduled === 1 ? 'Scheduled' : 'Immediate')],
  ['Time zone', (row) => row.timezone],
  ['Call status', (row, batch) => batch.calls.get(row.id)?.status],
  ['Consent version', (row, batch) => batch.consents.get(row.id)?.consent_text_version],
  ['Consent given at (UTC)', (row, batch) => batch.consents.get(row.id)?.created_at],
  ['Consent IP address', (row, batch) => batch.consents.get(row.id)?.ip_address],
  ['Consent user agent', (row, batch) => batch.consents.get(row.id)?.user_agent],
  ['Consent text', (row, batch) => batch.consents.get(row.id)?.consent_text],
  ['Consent state', (row, batch) => (batch.revocations.has(row.id) ? 'Revoked' : 'Given')],
  ['Consent revoked at (UTC)', (row, batch) => batch.revocations.get(row.id)?.created_at],
  ['Delivery', (row) => row.state],
  ['Delivery attempts', (row) => row.attempts],
  ['Delivered at (UTC)', (row) => row.delivered_at],
  ['Last delivery error', (row) => row.last_error],
  ['Given up at (UTC)', (row) => row.given_up_at],
];

export const EXPORT_HEADINGS = COLUMNS.map(([heading]) => heading);

/** Waits until `res` takes more, or rejects when the client went away. */
async function drained(res: Response, closed: AbortSignal): Promise<void> {
  // The socket may have drained while the next batch was being read (a database over the network takes long
  // enough): then no 'drain' is coming, and waiting for one would stall the download for good.
  if (!res.writableNeedDrain) return;
  await once(res, 'drain', { signal: closed });
}

/**
 * Streams the leads matching `filters` as CSV, a batch at a time. It writes a batch only once the client has
 * taken the last (backpressure), so a slow download holds one batch in memory, not the file, and it stops
 * reading the database as soon as the client goes away.
 */
export async function streamLeadsCsv(
  res: Response,
  inbox: LeadInboxStore,
  filters: InboxFilters,
  fileName: string,
): Promise<void> {
  const closing = new AbortController();
  res.once('close', () => closing.abort());
  res.status(200).type('text/csv; charset=utf-8').set('Content-Disposition', `attachment; filename="${fileName}"`);
  let more = res.write(UTF8_BOM + csvRow(EXPORT_HEADINGS));
  try {
    for await (const batch of inbox.batches(filters, EXPORT_BATCH)) {
      if (!more) await drained(res, closing.signal);
      if (closing.signal.aborted) return;
      more = res.write(batch.rows.map((row) => csvRow(COLUMNS.map(([, value]) => value(row, batch)))).join(''));
    }
  } catch (error) {
    if (closing.signal.aborted) return;
    throw error;
  }
  res.end();
}
