import { expect, test } from 'vitest';
import { FIELD_REFUSAL_MESSAGE } from '#shared/api-error.ts';
import {
  DEMO_FAILURE_MESSAGE,
  demoFormMessages,
  NAME_CHECK_FAILED_MESSAGE,
  PHONE_INVALID_MESSAGE,
  PROCESSING_ERROR_MESSAGE,
  SAME_NUMBER_COOLDOWN_MESSAGE,
} from '#shared/messages.ts';
import { readAnswer } from './submit-demo-call.ts';

const CALL_ID = '0b6f1c1e-2a51-4c6e-9d0a-3f5c2b7e8a11';

test('an accepted call is preparing with its id, or scheduled', () => {
  expect(readAnswer(201, { status: 'preparing', callId: CALL_ID })).toEqual({ kind: 'preparing', callId: CALL_ID });
  expect(readAnswer(201, { status: 'scheduled' })).toEqual({ kind: 'scheduled' });
});

test('field errors go under their fields only', () => {
  expect(readAnswer(422, { error: PHONE_INVALID_MESSAGE, fieldErrors: { phone: PHONE_INVALID_MESSAGE } })).toEqual({
    kind: 'refused',
    fieldErrors: { phone: PHONE_INVALID_MESSAGE },
  });
  // Several at once: the summary in `error` is not shown above the fields it names.
  const several = { email: demoFormMessages.email, consent: demoFormMessages.consent };
  expect(readAnswer(400, { error: FIELD_REFUSAL_MESSAGE, fieldErrors: several })).toEqual({
    kind: 'refused',
    fieldErrors: several,
  });
  // The name check failing carries its message as both; it is shown once, under the name.
  expect(
    readAnswer(502, { error: NAME_CHECK_FAILED_MESSAGE, fieldErrors: { fullName: NAME_CHECK_FAILED_MESSAGE } }),
  ).toEqual({ kind: 'refused', fieldErrors: { fullName: NAME_CHECK_FAILED_MESSAGE } });
});

test("the server's own messages are shown as they are (6-hour rule, processing error)", () => {
  expect(readAnswer(429, { error: SAME_NUMBER_COOLDOWN_MESSAGE, retryAfterSeconds: 21600 })).toEqual({
    kind: 'refused',
    fieldErrors: {},
    formError: SAME_NUMBER_COOLDOWN_MESSAGE,
  });
  expect(readAnswer(500, { error: PROCESSING_ERROR_MESSAGE })).toMatchObject({ formError: PROCESSING_ERROR_MESSAGE });
});

test('anything else is the generic failure of the demo submit flow', () => {
  for (const [status, body] of [
    [502, undefined],
    [502, '<html>Bad gateway</html>'],
    [500, { message: 'not our shape' }],
    [201, { status: 'preparing', callId: 'not-a-uuid' }],
    [400, { error: 'The request must be a JSON object.', fieldErrors: { form: 'The request must be a JSON object.' } }],
  ] as const) {
    expect(readAnswer(status, body)).toMatchObject({ kind: 'refused', formError: DEMO_FAILURE_MESSAGE });
  }
});
