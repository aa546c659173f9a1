import { readApiError } from '#shared/api-error.ts';

/** An answer from our API other than 2xx, with the server's own message when it sent one. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** A 4xx will answer the same the second time; only server and network failures are worth a retry. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof HttpError && error.status < 500);
}

async function request(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    // Every refusal of ours carries `error` (shared/api-error.ts); anything else gets a plain fallback.
    throw new HttpError(response.status, readApiError(response.status, body).error);
  }
  return response;
}

/**
 * Our same-origin JSON API: the parsed body, typed by the shared response types of `shared/` (the server
 * builds them with `satisfies`); any answer but 2xx rejects with an HttpError.
 */
export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await request(url, init);
  const body: T = await response.json();
  return body;
}

/** The same for calls answered with 204 No Content. */
export async function sendJson(url: string, init: RequestInit): Promise<void> {
  await request(url, init);
}
