import { expect, test } from 'vitest';
import { escapeXml } from './xml.ts';

test('the five XML special characters are escaped, everything else kept', () => {
  expect(escapeXml(`Tom & Jerry's <"best"> calls`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; calls');
  expect(escapeXml('Calls from 30,000+ leads — 21x')).toBe('Calls from 30,000+ leads — 21x');
});

test('escaping twice escapes the ampersands again, so callers must escape exactly once', () => {
  expect(escapeXml(escapeXml('&'))).toBe('&amp;amp;');
});
