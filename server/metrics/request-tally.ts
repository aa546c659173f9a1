import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Counter, type Registry } from 'prom-client';
import { ROUTE_GROUPS, type RouteGroup, routeGroupOf } from './route-groups.ts';

// Requests are tallied in plain numbers and handed to prom-client only at scrape time: its own observe() and
// inc() validate and hash the labels on every call, which cost more than a cached page's whole answer here
// (measured, README "Metrics"). Per request this is a clock read at each end, one listener, two map lookups.

/** From a cached page (well under a millisecond) to a long poll Socket.IO holds open (up to its 25 s ping). */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface GroupTally {
  /** Requests per upper bound of LATENCY_BUCKETS (not cumulative); the last slot is above them all. */
  buckets: number[];
  sum: number;
  count: number;
  /** Requests per status code. */
  statuses: Map<number, number>;
  /** What the counter has been given of `statuses` so far. */
  reported: Map<number, number>;
}

/** Counts and times the requests of one HTTP server into `registry`. */
export function requestTally(registry: Registry): (req: IncomingMessage, res: ServerResponse) => void {
  const tallies = new Map<RouteGroup, GroupTally>(
    ROUTE_GROUPS.map((group) => [
      group,
      {
        buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
        statuses: new Map(),
        reported: new Map(),
      },
    ]),
  );

  function record(group: RouteGroup, status: number, seconds: number): void {
    const tally = tallies.get(group);
    if (!tally) return;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] ?? 0)) bucket++;
    tally.buckets[bucket] = (tally.buckets[bucket] ?? 0) + 1;
    tally.sum += seconds;
    tally.count++;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  }

  const requests: Counter<'group' | 'status'> = new Counter({
    name: 'porchlight_http_requests_total',
    help: 'HTTP requests answered on the public port, by route group and status code.',
    labelNames: ['group', 'status'],
    registers: [registry],
    collect() {
      for (const [group, tally] of tallies) {
        for (const [status, count] of tally.statuses) {
          const added = count - (tally.reported.get(status) ?? 0);
          if (added > 0) requests.inc({ group, status: String(status) }, added);
          tally.reported.set(status, count);
        }
      }
    },
  });

  // A histogram in Prometheus' text format, built from the tallies; prom-client's registry prints any metric
  // whose get() gives name, help, type and samples.
  const name = 'porchlight_http_request_duration_seconds';
  const help = 'Time from a request reaching the server to its response being sent, by route group.';
  registry.registerMetric({
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    async get() {
      const values: { value: number; labels: Record<string, string | number>; metricName: string }[] = [];
      for (const [group, tally] of tallies) {
        if (tally.count === 0) continue;
        let cumulative = 0;
        LATENCY_BUCKETS.forEach((le, i) => {
          cumulative += tally.buckets[i] ?? 0;
          values.push({ value: cumulative, labels: { group, le }, metricName: `${name}_bucket` });
        });
        values.push({ value: tally.count, labels: { group, le: '+Inf' }, metricName: `${name}_bucket` });
        values.push({ value: tally.sum, labels: { group }, metricName: `${name}_sum` });
        values.push({ value: tally.count, labels: { group }, metricName: `${name}_count` });
      }
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
    reset() {
      for (const tally of tallies.values()) {
        tally.buckets.fill(0);
        tally.sum = 0;
        tally.count = 0;
      }
    },
  } as unknown as Counter);

  return (req, res) => {
    const start = performance.now();
    // As it arrived: routers rewrite req.url on the way.
    const url = req.url ?? '/';
    res.on('close', () => record(routeGroupOf(url, res), res.statusCode, (performance.now() - start) / 1000));
  };
}
