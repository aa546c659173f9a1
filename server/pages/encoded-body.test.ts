import { expect, test } from 'vitest';
import { chooseCoding, encodedBody, matchesAny } from './encoded-body.ts';

const text = Buffer.from('porchlight '.repeat(200));
const all = encodedBody(text, { gzip: Buffer.alloc(100), br: Buffer.alloc(90) });
const gzipOnly = encodedBody(text, { gzip: Buffer.alloc(100) });

test('the coding with the highest q-value wins, brotli before gzip before identity on a tie', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.8, gzip', 'gzip'],
    ['GZIP;Q=0.5, Br;q=0.4', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    // Everything refused, identity too: the body goes uncoded rather than not at all.
    ['*;q=0', 'identity'],
    ['br;q=nonsense', 'br'],
  ];
  for (const [header, coding] of cases) expect(chooseCoding(header, all), String(header)).toBe(coding);
});

test('only codings the body is kept in are chosen', () => {
  expect(chooseCoding('br, gzip', gzipOnly)).toBe('gzip');
  expect(chooseCoding('br', gzipOnly)).toBe('identity');
});

test('a compressed copy that is no smaller is not kept', () => {
  const tiny = encodedBody(Buffer.from('ok'), { gzip: Buffer.alloc(22), br: Buffer.alloc(6) });
  expect(Object.keys(tiny.bytes)).toEqual(['identity']);
  expect(tiny.size).toBe(2);
  expect(all.size).toBe(text.length + 190);
});

test('If-None-Match matches any coding of the body, weakly, in a list or as *', () => {
  const [identity, gzip, br] = [all.etags.identity, all.etags.gzip, all.etags.br];
  expect(new Set([identity, gzip, br]).size).toBe(3);
  for (const header of [String(identity), `W/${gzip}`, `"other", ${br}`, '*'])
    expect(matchesAny(header, all)).toBe(true);
  for (const header of ['"other"', '', String(identity).slice(1, -1)]) expect(matchesAny(header, all)).toBe(false);
});
