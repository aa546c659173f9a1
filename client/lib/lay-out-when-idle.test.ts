import { afterEach, expect, test, vi } from 'vitest';

interface FakeElement {
  isConnected: boolean;
  style: { contentVisibility?: string };
}

/** A fresh copy of the module with a stand-in idle queue: `idle()` runs the callbacks waiting for the next idle period. */
async function setUp() {
  vi.resetModules();
  let pending: (() => void)[] = [];
  const keyListeners: ((event: Partial<KeyboardEvent>) => void)[] = [];
  vi.stubGlobal('window', {
    requestIdleCallback: (callback: () => void) => pending.push(callback),
    addEventListener: (type: string, listener: (event: Partial<KeyboardEvent>) => void) => {
      if (type === 'keydown') keyListeners.push(listener);
    },
  });
  const { layOutWhenIdle, layOutAllOnJumpToEnd } = await import('./lay-out-when-idle.ts');
  const press = (event: Partial<KeyboardEvent>) => {
    for (const listener of keyListeners) listener(event);
  };
  const idle = () => {
    const now = pending;
    pending = [];
    for (const callback of now) callback();
    return now.length;
  };
  const section = (): FakeElement => ({ isConnected: true, style: {} });
  return {
    layOutWhenIdle: (element: FakeElement) => layOutWhenIdle(element as unknown as HTMLElement),
    layOutAllOnJumpToEnd,
    press,
    idle,
    section,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('sections are laid out one per idle period, in the order they were queued', async () => {
  const { layOutWhenIdle, idle, section } = await setUp();
  const sections = [section(), section(), section()];
  for (const element of sections) layOutWhenIdle(element);

  const shown = () => sections.map((element) => element.style.contentVisibility ?? 'auto');
  expect(shown()).toEqual(['auto', 'auto', 'auto']);
  expect(idle()).toBe(1);
  expect(shown()).toEqual(['visible', 'auto', 'auto']);
  expect(idle()).toBe(1);
  expect(shown()).toEqual(['visible', 'visible', 'auto']);
  expect(idle()).toBe(1);
  expect(shown()).toEqual(['visible', 'visible', 'visible']);
  expect(idle()).toBe(0);
});

test('a section taken off the queue, or gone from the page, is left alone and does not hold up the next', async () => {
  const { layOutWhenIdle, idle, section } = await setUp();
  const [unmounted, removed, next] = [section(), section(), section()];
  const cancel = layOutWhenIdle(unmounted);
  layOutWhenIdle(removed);
  layOutWhenIdle(next);
  cancel();
  removed.isConnected = false;

  idle();
  expect(unmounted.style.contentVisibility).toBeUndefined();
  expect(removed.style.contentVisibility).toBeUndefined();
  expect(next.style.contentVisibility).toBe('visible');
  expect(idle()).toBe(0);
});

test('a section queued after the others were laid out is laid out too', async () => {
  const { layOutWhenIdle, idle, section } = await setUp();
  const first = section();
  layOutWhenIdle(first);
  idle();
  expect(idle()).toBe(0);

  const late = section();
  layOutWhenIdle(late);
  idle();
  expect(late.style.contentVisibility).toBe('visible');
});

test('a jump to the end of the page lays out every section still queued at once; other keys wait for idle', async () => {
  const { layOutWhenIdle, layOutAllOnJumpToEnd, press, idle, section } = await setUp();
  layOutAllOnJumpToEnd();
  const sections = [section(), section(), section()];
  for (const element of sections) layOutWhenIdle(element);
  const shown = () => sections.map((element) => element.style.contentVisibility ?? 'auto');

  press({ key: 'PageDown' });
  press({ key: 'ArrowDown' });
  expect(shown()).toEqual(['auto', 'auto', 'auto']);
  idle();
  press({ key: 'End' });
  expect(shown()).toEqual(['visible', 'visible', 'visible']);
  expect(idle()).toBe(1);
  expect(idle()).toBe(0);

  const onMac = section();
  layOutWhenIdle(onMac);
  press({ key: 'ArrowDown', metaKey: true });
  expect(onMac.style.contentVisibility).toBe('visible');
});
