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

function messageOf(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null) {
    if ('error' in body && typeof body.error === 'string') return body.error;
    // Field errors from zod (`toFieldErrors`): the first message says what is wrong.
    if ('fieldErrors' in body && typeof body.fieldErrors === 'object' && body.fieldErrors !== null) {
      const first = Object.values(body.fieldErrors).flat()[0];
      if (typeof first === 'string') return first;
    }
  }
  return `The server answered ${status}.`;
}

async function request(url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new HttpError(response.status, messageOf(body, response.status));
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
