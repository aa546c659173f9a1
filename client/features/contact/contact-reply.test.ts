import { expect, test } from 'vitest';
import { FIELD_REFUSAL_MESSAGE } from '#shared/api-error.ts';
import {
  contactFailureToast,
  contactFormMessages,
  emailCheckMessages,
  NAME_CHECK_FAILED_MESSAGE,
} from '#shared/messages.ts';
import { firstInvalidField, readContactReply } from './contact-reply.ts';

test('a 201 is a submitted form', () => {
  expect(readContactReply(201, { status: 'submitted' })).toEqual({ kind: 'submitted' });
  const receiptUrl = 'https://porchlight.example/consent/abc';
  expect(readContactReply(201, { status: 'submitted', receiptUrl })).toEqual({ kind: 'submitted', receiptUrl });
});

test('a refusal goes under its field', () => {
  const refusal = { error: emailCheckMessages.disposable, fieldErrors: { email: emailCheckMessages.disposable } };
  expect(readContactReply(422, refusal)).toEqual({
    kind: 'field-errors',
    fieldErrors: { email: emailCheckMessages.disposable },
  });
  const several = { firstName: contactFormMessages.firstName, email: contactFormMessages.email };
  expect(readContactReply(400, { error: FIELD_REFUSAL_MESSAGE, fieldErrors: several })).toEqual({
    kind: 'field-errors',
    fieldErrors: several,
  });
});

test('a name check that could not run is still shown under the name', () => {
  const body = { error: NAME_CHECK_FAILED_MESSAGE, fieldErrors: { firstName: NAME_CHECK_FAILED_MESSAGE } };
  expect(readContactReply(502, body)).toEqual({
    kind: 'field-errors',
    fieldErrors: { firstName: NAME_CHECK_FAILED_MESSAGE },
  });
});

test.each([
  [500, { error: contactFailureToast.title, description: contactFailureToast.description }],
  [429, { error: 'Too many requests from your network. Please try again later.' }],
  [400, { error: 'There was an error processing your request. Please try again.' }],
  [400, { error: 'The request must be a JSON object.', fieldErrors: { form: 'The request must be a JSON object.' } }],
  [422, { error: 'x', fieldErrors: { email: 42, constructor: 'x' } }],
  [422, { fieldErrors: 'email' }],
  [502, null],
  [503, 'Service Unavailable'],
])('a %i without a field to blame is a failure', (status, body) => {
  expect(readContactReply(status, body)).toEqual({ kind: 'failed' });
});

test('focus goes to the first invalid field in the order of the form', () => {
  expect(firstInvalidField({ companyName: 'x', email: 'y', lastName: 'z' })).toBe('lastName');
  expect(firstInvalidField({})).toBeUndefined();
});
