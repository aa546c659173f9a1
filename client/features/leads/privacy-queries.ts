import { fetchJson, HttpError, isRetryable } from '#client/lib/fetch-json.ts';
import { createQuery } from '#client/lib/query-cache.ts';
import { browserClock } from '#client/lib/use-query.ts';
import type { ErasureResult, PrivacyAuditEntry, PrivacyFindings, RecordCounts } from '#shared/privacy-requests.ts';

// Privacy requests (POST /api/privacy-requests/…). The person is named in the request body, never in a URL.

export type Subject = { phone: string } | { email: string };

/** What the operator typed, as the API takes it: an e-mail address has an @, anything else is a number. */
export function subjectOf(text: string): Subject {
  const value = text.trim();
  return value.includes('@') ? { email: value } : { phone: value };
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export function findRecords(subject: Subject): Promise<PrivacyFindings> {
  return fetchJson<PrivacyFindings>('/api/privacy-requests/search', post(subject));
}

export function eraseRecords(subject: Subject): Promise<ErasureResult> {
  return fetchJson<ErasureResult>('/api/privacy-requests/erase', post({ ...subject, confirm: true }));
}

/** Downloads the person's records as the JSON file the server names. */
export async function downloadRecords(subject: Subject): Promise<void> {
  const response = await fetch('/api/privacy-requests/export', {
    ...post(subject),
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    const message =
      typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `The server answered ${response.status}.`;
    throw new HttpError(response.status, message);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'records.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const AUDIT = 'audit';

/** GET /api/privacy-requests: the audit trail. */
export const auditQuery = createQuery({
  key: (_: typeof AUDIT) => AUDIT,
  load: () => fetchJson<PrivacyAuditEntry[]>('/api/privacy-requests'),
  clock: browserClock,
  shouldRetry: isRetryable,
});

const NOUNS: [keyof RecordCounts, string, string][] = [
  ['leads', 'lead', 'leads'],
  ['consents', 'consent record', 'consent records'],
  ['calls', 'call', 'calls'],
  ['deliveries', 'delivery', 'deliveries'],
  ['visits', 'visit', 'visits'],
  ['cooldowns', 'call limit record', 'call limit records'],
];

/** '2 leads, 2 consent records, 1 call, 2 deliveries, 4 visits and 1 call limit record'; 'no records' for none. */
export function describeCounts(counts: RecordCounts): string {
  const parts = NOUNS.filter(([key]) => counts[key] > 0).map(
    ([key, one, many]) => `${counts[key].toLocaleString('en-US')} ${counts[key] === 1 ? one : many}`,
  );
  if (parts.length === 0) return 'no records';
  const last = parts.pop();
  return parts.length ? `${parts.join(', ')} and ${last}` : (last ?? '');
}
