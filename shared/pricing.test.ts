import { expect, test } from 'vitest';
import { formatUsd } from './number-format.ts';
import {
  leadsToSlider,
  leadVolumeCents,
  normalizeLeadCount,
  platformFeeCents,
  quote,
  SLIDER_TICKS,
  sliderToLeads,
} from './pricing.ts';

test.each([
  [0, 100],
  [20, 200],
  [40, 400],
  [60, 600],
  [80, 800],
  [100, 1000],
])('slider boundary %d is %d leads', (position, leads) => {
  expect(sliderToLeads(position)).toBe(leads);
});

test.each([
  [10, 150], // 100 + 100 × 0.5
  [25, 250], // 200 + 200 × 0.25
  [50, 500],
  [75, 750],
  [90, 900],
  [5, 150], // 125 rounds to the nearest 50
  [2.4, 100], // 112 rounds down
  [33.7, 350], // 337 rounds to 350
])('slider at %d is %d leads', (position, leads) => {
  expect(sliderToLeads(position)).toBe(leads);
});

test('positions outside 0–100 clamp', () => {
  expect(sliderToLeads(-5)).toBe(100);
  expect(sliderToLeads(140)).toBe(1000);
});

test('every reachable lead count survives the round trip through the slider', () => {
  for (let leads = 100; leads <= 1000; leads += 50) {
    expect(sliderToLeads(leadsToSlider(leads))).toBe(leads);
  }
  SLIDER_TICKS.forEach((leads, index) => {
    expect(leadsToSlider(leads)).toBe(index * 20);
  });
});

test('lead counts round to the nearest 50 and clamp to 100–1000', () => {
  expect(normalizeLeadCount(124)).toBe(100);
  expect(normalizeLeadCount(125)).toBe(150);
  expect(normalizeLeadCount(40)).toBe(100);
  expect(normalizeLeadCount(5000)).toBe(1000);
});

test.each([
  [100, 19_500],
  [599, 19_500],
  [600, 39_500],
  [999, 39_500],
  [1000, 59_500],
])('platform fee at %d leads is %d cents', (leads, cents) => {
  expect(platformFeeCents(leads)).toBe(cents);
});

test('lead volume is count × $2.99 with a 100-lead minimum', () => {
  expect(leadVolumeCents(100)).toBe(29_900);
  expect(leadVolumeCents(50)).toBe(29_900);
  expect(leadVolumeCents(350)).toBe(104_650);
});

test.each([
  [100, '$494.00'],
  [550, '$1,839.50'],
  [600, '$2,189.00'],
  [950, '$3,235.50'],
  [1000, '$3,585.00'],
])('the total at %d leads is %s a month', (leads, total) => {
  const q = quote(leads);
  expect(q.totalCents).toBe(q.platformFeeCents + q.leadVolumeCents);
  expect(formatUsd(q.totalCents)).toBe(total);
});

test('the activation fee is $495 at every volume', () => {
  expect(formatUsd(quote(100).activationFeeCents, { wholeDollars: true })).toBe('$495');
  expect(quote(1000).activationFeeCents).toBe(49_500);
});
