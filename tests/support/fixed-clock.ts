// Preloaded into the browser tests' server (`node --import ./tests/support/fixed-clock.ts server/index.ts`):
// the process's time starts at E2E_CLOCK_START and runs on at the normal rate. At the default instant,
// 2026-01-15T18:00:00Z, a 210 number (America/Chicago) is at noon, inside calling hours, and an 808 number
// (Pacific/Honolulu) is at 08:00, outside them, whatever the machine's own date.
// It touches only `new Date()` and `Date.now()`: dates built from a value, timers and performance.now() are
// untouched, and the product has no flag for it.

const start = Date.parse(process.env.E2E_CLOCK_START ?? '2026-01-15T18:00:00Z');
if (Number.isNaN(start)) throw new Error('E2E_CLOCK_START must be an ISO date');

const RealDate = Date;
const offset = start - RealDate.now();
const shiftedNow = () => RealDate.now() + offset;

// A proxy rather than a subclass: `Date()` called without `new`, `instanceof Date` and every static but `now`
// behave as before.
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [shiftedNow()], newTarget),
  apply: () => new RealDate(shiftedNow()).toString(),
  get: (target, property, receiver) => (property === 'now' ? shiftedNow : Reflect.get(target, property, receiver)),
});
