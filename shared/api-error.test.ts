import { expect, test } from 'vitest';
import { z } from 'zod';
import { FIELD_REFUSAL_MESSAGE, fieldRefusal, readApiError, toFieldErrors } from './api-error.ts';

test('a refusal of one field says that field’s message; of several, one sentence for all', () => {
  expect(fieldRefusal({ email: 'Please enter a valid email address' })).toEqual({
    error: 'Please enter a valid email address',
    fieldErrors: { email: 'Please enter a valid email address' },
  });
  expect(fieldRefusal({ email: 'a', phone: 'b' })).toEqual({
    error: FIELD_REFUSAL_MESSAGE,
    fieldErrors: { email: 'a', phone: 'b' },
  });
});

test('a zod failure keeps the first message of each field; a problem with the whole body is the form’s', () => {
  const schema = z.object({ name: z.string().min(2, 'Too short').max(3, 'Too long'), age: z.number('A number') });
  const failed = schema.safeParse({ name: 'x' });
  expect(failed.success).toBe(false);
  if (!failed.success) {
    expect(toFieldErrors(failed.error)).toEqual({
      error: FIELD_REFUSAL_MESSAGE,
      fieldErrors: { name: 'Too short', age: 'A number' },
    });
  }
  const notAnObject = schema.safeParse('text');
  if (!notAnObject.success) expect(toFieldErrors(notAnObject.error).fieldErrors).toHaveProperty('form');
});

test('a field named like an Object property is still reported', () => {
  const error = new z.ZodError([{ code: 'custom', path: ['constructor'], message: 'x', input: undefined }]);
  expect(toFieldErrors(error)).toEqual({ error: 'x', fieldErrors: { constructor: 'x' } });
});

test('an answer of ours is read as it is', () => {
  const body = {
    error: 'This number was already called.',
    fieldErrors: { phone: 'Wait' },
    description: 'More',
    retryAfterSeconds: 60,
  };
  expect(readApiError(429, body)).toEqual(body);
  expect(readApiError(401, { error: 'Please sign in to continue.' })).toEqual({ error: 'Please sign in to continue.' });
});

test.each([
  [502, undefined],
  [502, null],
  [503, 'Service Unavailable'],
  [500, ['error']],
  [500, { error: '' }],
  [500, { error: 42, description: 7, retryAfterSeconds: 'soon' }],
])('a %i without a message of ours gets the fallback (%j)', (status, body) => {
  expect(readApiError(status, body)).toEqual({ error: `The server answered ${status}.` });
  expect(readApiError(status, body, 'Please try again.')).toEqual({ error: 'Please try again.' });
});

test('only string messages are kept, and odd field names stay plain entries', () => {
  const body = JSON.parse('{"error":"x","fieldErrors":{"email":42,"phone":"","__proto__":"p","constructor":"c"}}');
  const read = readApiError(400, body);
  expect(read.fieldErrors).toEqual(
    Object.fromEntries([
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]),
  );
  expect(Object.getPrototypeOf(read.fieldErrors)).toBe(Object.prototype);
  expect(readApiError(400, { error: 'x', fieldErrors: ['a'] })).toEqual({ error: 'x' });
  expect(readApiError(429, { error: 'x', retryAfterSeconds: -1 })).toEqual({ error: 'x' });
  // Inherited fields are not the server's.
  expect(readApiError(500, Object.create({ error: 'inherited' }))).toEqual({ error: 'The server answered 500.' });
});
