import { expect, test } from 'vitest';
import { NAV_CLOSE_DELAY_MS, NAV_HOVER_DELAY_MS, NAV_SKIP_DELAY_MS } from '#shared/ui-timing.ts';
import { fakeTimers } from '#tests/support/fake-timers.ts';
import { createHoverIntent } from './hover-intent.ts';

/** The navigation menu's scheduler on a fake clock, recording what opens and closes. */
function harness() {
  const clock = fakeTimers(0);
  const events: string[] = [];
  const intent = createHoverIntent({
    hoverDelayMs: NAV_HOVER_DELAY_MS,
    skipDelayMs: NAV_SKIP_DELAY_MS,
    closeDelayMs: NAV_CLOSE_DELAY_MS,
    onOpen: (key: string) => events.push(`open ${key} at ${clock.now()}`),
    onClose: (key: string) => events.push(`close ${key} at ${clock.now()}`),
    clock,
  });
  return { clock, intent, events };
}

test('resting on an item for 200 ms triggers it, not before', async () => {
  const { clock, intent, events } = harness();
  intent.enter('blog');
  await clock.advance(199);
  expect(events).toEqual([]);
  await clock.advance(1);
  expect(events).toEqual(['open blog at 200']);
});

test('leaving before 200 ms cancels at once: a 50 ms pass triggers nothing', async () => {
  const { clock, intent, events } = harness();
  intent.enter('blog');
  await clock.advance(50);
  intent.leave('blog');
  expect(clock.pending()).toBe(0);
  await clock.advance(1000);
  expect(events).toEqual([]);
});

test('another item entered within 300 ms of leaving a triggered one triggers at once', async () => {
  const { clock, intent, events } = harness();
  intent.enter('blog');
  await clock.advance(200);
  intent.leave('blog');
  await clock.advance(299);
  intent.enter('about');
  expect(events).toEqual(['open blog at 200', 'close blog at 350', 'open about at 499']);
});

test('the skip window runs from leaving, not from triggering: 300 ms after leaving, the full delay again', async () => {
  const { clock, intent, events } = harness();
  intent.enter('blog');
  await clock.advance(200);
  await clock.advance(1000); // rests on it long after it triggered
  intent.leave('blog');
  await clock.advance(250);
  intent.enter('about');
  expect(events.at(-1)).toBe('open about at 1450');

  intent.leave('about');
  await clock.advance(300);
  intent.enter('pricing');
  await clock.advance(199);
  expect(events.at(-1)).toBe('close about at 1600');
  await clock.advance(1);
  expect(events.at(-1)).toBe('open pricing at 1950');
});

test('sweeping across items that never triggered does not skip the delay', async () => {
  const { clock, intent, events } = harness();
  for (const key of ['one', 'two', 'three']) {
    intent.enter(key);
    await clock.advance(100);
    intent.leave(key);
  }
  intent.enter('four');
  await clock.advance(199);
  expect(events).toEqual([]);
  await clock.advance(1);
  expect(events).toEqual(['open four at 500']);
});

test('a triggered item closes 150 ms after the pointer leaves, and coming back in time keeps it open', async () => {
  const { clock, intent, events } = harness();
  intent.enter('blog');
  await clock.advance(200);
  intent.leave('blog');
  await clock.advance(100);
  intent.enter('blog');
  await clock.advance(1000);
  expect(events).toEqual(['open blog at 200']);
  intent.leave('blog');
  await clock.advance(149);
  expect(events).toEqual(['open blog at 200']);
  await clock.advance(1);
  expect(events).toEqual(['open blog at 200', 'close blog at 1450']);
});
