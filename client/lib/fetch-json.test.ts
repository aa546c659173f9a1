import { afterEach, expect, test, vi } from 'vitest';
import { fetchJson, HttpError, isRetryable } from './fetch-json.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The browser's fetch, answering once with `body` (a string is sent as it is, anything else as JSON). */
function answer(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal('fetch', async () => new Response(text, { status }));
}

async function failure(): Promise<HttpError> {
  const error = await fetchJson('/api/session').catch((caught: unknown) => caught);
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

test('a refusal rejects with the server’s own message', async () => {
  answer(401, { error: 'Incorrect password. Please try again.' });
  const error = await failure();
  expect(error.message).toBe('Incorrect password. Please try again.');
  expect(error.status).toBe(401);
  expect(isRetryable(error)).toBe(false);
});

test('a refusal of one field says that field’s message', async () => {
  const message = 'Password must be at most 256 characters';
  answer(400, { error: message, fieldErrors: { password: message } });
  expect((await failure()).message).toBe(message);
});

test('an answer without a message of ours says the status, and a 5xx is worth a retry', async () => {
  answer(502, '<html>Bad gateway</html>');
  const error = await failure();
  expect(error.message).toBe('The server answered 502.');
  expect(isRetryable(error)).toBe(true);
});

test('a 2xx is the parsed body', async () => {
  answer(200, { roles: ['client'] });
  expect(await fetchJson('/api/session')).toEqual({ roles: ['client'] });
});
