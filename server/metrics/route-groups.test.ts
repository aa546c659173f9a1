import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Registry } from 'prom-client';
import { expect, test } from 'vitest';
import { requestTally } from './request-tally.ts';
import { markRouteGroup, routeGroupOf } from './route-groups.ts';

const response = () => new EventEmitter() as unknown as ServerResponse;

test.each([
  ['/api/demo-calls', 'lead_form'],
  ['/API/Contact?x=1', 'lead_form'],
  ['/api/hooks/call-status', 'hooks'],
  ['/api/leads/3f1c2e9a-0000-4000-8000-000000000000/retry', 'operator'],
  ['/api/session', 'operator'],
  ['/api/privacy-requests', 'operator'],
  ['/api/visits', 'visits'],
  ['/api/no-such-thing/42', 'api_other'],
  ['/api', 'api_other'],
  ['/socket.io/?EIO=4&transport=polling&sid=abc', 'socket_io'],
  ['/readyz', 'health'],
  ['/sitemap.xml', 'discovery'],
  ['/some/unmarked/path', 'other'],
])('%s is counted under %s, whatever marked its response', (url, group) => {
  const res = response();
  markRouteGroup(res, 'page');
  expect(routeGroupOf(url, res)).toBe(url === '/some/unmarked/path' ? 'page' : group);
  expect(routeGroupOf(url, response())).toBe(group);
});

test('pages and files are told apart by what answered them, and a handler that passes the request on takes its mark back', () => {
  const res = response();
  markRouteGroup(res, 'asset');
  expect(routeGroupOf('/favicon.ico', res)).toBe('asset');
  markRouteGroup(res, undefined);
  expect(routeGroupOf('/favicon.ico', res)).toBe('other');
  markRouteGroup(res, 'page');
  expect(routeGroupOf('/apiary', res)).toBe('page');
});

test('the latency histogram is exposed as Prometheus expects: cumulative buckets, +Inf equal to the count', async () => {
  const registry = new Registry();
  const time = requestTally(registry);
  for (let i = 0; i < 3; i++) {
    const res = response();
    Object.assign(res, { statusCode: i === 2 ? 404 : 200 });
    time({ url: '/assets/app.js' } as IncomingMessage, res);
    markRouteGroup(res, 'asset');
    res.emit('close');
  }
  const lines = (await registry.metrics()).split('\n');
  const value = (series: string) => Number(lines.find((line) => line.startsWith(`${series} `))?.split(' ')[1]);
  expect(value('porchlight_http_requests_total{group="asset",status="200"}')).toBe(2);
  expect(value('porchlight_http_requests_total{group="asset",status="404"}')).toBe(1);
  expect(value('porchlight_http_request_duration_seconds_count{group="asset"}')).toBe(3);
  expect(value('porchlight_http_request_duration_seconds_bucket{group="asset",le="+Inf"}')).toBe(3);
  expect(value('porchlight_http_request_duration_seconds_sum{group="asset"}')).toBeGreaterThanOrEqual(0);
  const buckets = lines
    .filter((line) => line.startsWith('porchlight_http_request_duration_seconds_bucket{group="asset"'))
    .map((line) => Number(line.split(' ')[1]));
  expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  // Groups nobody asked for add no series.
  expect(lines.some((line) => line.includes('group="page"'))).toBe(false);
  // A second scrape gives the same totals, not twice them.
  const again = (await registry.metrics()).split('\n');
  expect(again.find((line) => line.startsWith('porchlight_http_requests_total{group="asset",status="200"}'))).toMatch(
    / 2$/,
  );
});
