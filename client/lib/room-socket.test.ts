import { expect, test } from 'vitest';
import { reconnectDelayMs } from './room-socket.ts';

test('reconnect delays are 1, 2, 5, then 10 s for every later attempt', () => {
  expect([0, 1, 2, 3, 4, 9].map(reconnectDelayMs)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
});
