import { expect, test } from 'vitest';
import { leadEventParams, PIXEL_ID_PATTERN, pixelCspSources } from './ad-pixel.ts';

test('the contact form reports a submitted demo request named contact_form', () => {
  expect(leadEventParams({ form: 'contact' })).toEqual({
    content_name: 'contact_form',
    content_category: 'demo_request',
    status: 'submitted',
  });
});

test.each(['scheduled', 'submitted'] as const)('the demo dialog reports ai_call_request, %s', (status) => {
  expect(leadEventParams({ form: 'demo-call', status })).toEqual({
    content_name: 'ai_call_request',
    content_category: 'demo_request',
    status,
  });
});

test('without a pixel id the CSP gains nothing', () => {
  expect(pixelCspSources(undefined)).toEqual({ script: [], img: [], connect: [] });
});

test('with a pixel id the CSP allows its script and its reports only', () => {
  expect(pixelCspSources('123456789012345')).toEqual({
    script: ['https://connect.facebook.net'],
    img: ['https://www.facebook.com'],
    connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  });
});

test('pixel ids are digits only', () => {
  expect(PIXEL_ID_PATTERN.test('123456789012345')).toBe(true);
  expect(PIXEL_ID_PATTERN.test('1234')).toBe(false);
  expect(PIXEL_ID_PATTERN.test("123456789012345'; alert(1)")).toBe(false);
});
