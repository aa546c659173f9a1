import { expect, test } from 'vitest';
import { calCspSources, calEmbedFor } from './cal-embed.ts';
import { calendarFor } from './source-tag.ts';

test('a cal.com link embeds from cal.com with the script from app.cal.com', () => {
  expect(calEmbedFor(calendarFor('agent-isa', 'https://cal.com/porchlight').link)).toEqual({
    calOrigin: 'https://cal.com',
    calLink: 'porchlight/agent-isa',
    embedJsUrl: 'https://app.cal.com/embed/embed.js',
  });
});

test('a self-hosted instance serves the booking pages and the script itself', () => {
  expect(calEmbedFor('https://book.example.com/team/sales/demo-call/')).toEqual({
    calOrigin: 'https://book.example.com',
    calLink: 'team/sales/demo-call',
    embedJsUrl: 'https://book.example.com/embed/embed.js',
  });
});

test('the CSP allows the script and the framed pages of cal.com (both on app.cal.com), nothing else', () => {
  expect(calCspSources('https://cal.com/porchlight')).toEqual({
    script: ['https://app.cal.com'],
    frame: ['https://app.cal.com'],
  });
  expect(calCspSources('https://book.example.com/team/sales')).toEqual({
    script: ['https://book.example.com'],
    frame: ['https://book.example.com'],
  });
});
