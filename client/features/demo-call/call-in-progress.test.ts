import { expect, test } from 'vitest';
import { CALL_IN_PROGRESS_FOR_MS, readCallInProgress, writeCallInProgress } from './call-in-progress.ts';

const CALL_ID = '0b6f1c1e-2a51-4c6e-9d0a-3f5c2b7e8a11';
const now = Date.parse('2026-01-15T18:00:00Z');

test('a call followed in this tab is found again after a reload, and whether the visitor was watching it', () => {
  const kept = writeCallInProgress({ callId: CALL_ID, watching: true }, now);
  expect(readCallInProgress(kept, now + 1000)).toEqual({ callId: CALL_ID, watching: true });
  expect(readCallInProgress(writeCallInProgress({ callId: CALL_ID, watching: false }, now), now)).toEqual({
    callId: CALL_ID,
    watching: false,
  });
});

test('a call remembered too long ago, or anything unreadable, opens nothing', () => {
  const kept = writeCallInProgress({ callId: CALL_ID, watching: true }, now);
  expect(readCallInProgress(kept, now + CALL_IN_PROGRESS_FOR_MS)).toBeUndefined();
  expect(readCallInProgress(null, now)).toBeUndefined();
  expect(readCallInProgress('{not json', now)).toBeUndefined();
  expect(readCallInProgress(JSON.stringify({ callId: '<script>', until: now + 1000 }), now)).toBeUndefined();
});

test("the consent receipt's link is kept with the call, and only a link of the receipt's shape", () => {
  const receiptUrl = 'https://porchlight.example/consent/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';
  const kept = writeCallInProgress({ callId: CALL_ID, watching: false, receiptUrl }, now);
  expect(readCallInProgress(kept, now)).toEqual({ callId: CALL_ID, watching: false, receiptUrl });
  for (const forged of [
    'javascript:alert(1)//consent/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE',
    'https://porchlight.example/consent/short',
    'https://porchlight.example/elsewhere/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE',
    42,
  ]) {
    const raw = JSON.stringify({ callId: CALL_ID, until: now + 1000, receiptUrl: forged });
    expect(readCallInProgress(raw, now)).toEqual({ callId: CALL_ID, watching: false });
  }
});
