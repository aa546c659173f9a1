import { expect, test } from 'vitest';
import { formatUsd, groupDigits } from './number-format.ts';

// The reference is what the browser's own formatter writes for en-US.
const intlGroups = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const intlCents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const samples = [0, 1, 9, 10, 99, 100, 999, 1_000, 1_001, 9_999, 10_000, 99_999, 100_000, 123_456, 1_000_000, 49_500];
for (let value = 7; value < 5_000_000_000; value = value * 3 + 1) samples.push(value);

test('digit groups are the en-US ones', () => {
  for (const value of samples) {
    expect(groupDigits(value)).toBe(intlGroups.format(value));
    expect(groupDigits(-value)).toBe(value === 0 ? '0' : intlGroups.format(-value));
  }
  expect(groupDigits(1234.9)).toBe('1,234');
});

test('dollars and cents as en-US writes them, cents dropped only from whole dollars when asked', () => {
  for (const cents of samples) {
    expect(formatUsd(cents)).toBe(`$${intlCents.format(cents / 100)}`);
  }
  expect(formatUsd(49_500, { wholeDollars: true })).toBe('$495');
  expect(formatUsd(5_950_000, { wholeDollars: true })).toBe('$59,500');
  expect(formatUsd(29_999, { wholeDollars: true })).toBe('$299.99');
  expect(formatUsd(5)).toBe('$0.05');
  expect(formatUsd(-250)).toBe('-$2.50');
});
