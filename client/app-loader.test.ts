import { expect, test } from 'vitest';
import { appLoaderScript } from './app-loader.ts';

interface Options {
  hidden?: boolean;
  /** Whether the browser has paint timing (a PerformanceObserver that knows 'paint'). */
  paintTiming?: boolean;
  importFails?: boolean;
}

/**
 * Runs the loader against a stand-in document, paint observer, frame, task queue and import (a test's sandbox
 * has no module loader), and says what it fetched.
 */
function runLoader({ hidden = false, paintTiming = true, importFails = false }: Options = {}) {
  const paints: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  // A hidden page's timers are slowed to about one a second: this run of the test never gets to them.
  const slowedTimers: (() => void)[] = [];
  const listeners: (() => void)[] = [];
  const links: { rel?: string; href?: string }[] = [];
  const imported: string[] = [];
  const warnings: unknown[][] = [];
  const document = {
    hidden,
    head: { appendChild: (link: object) => links.push(link) },
    createElement: () => ({}),
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  class PaintObserver {
    static supportedEntryTypes = paintTiming ? ['mark', 'paint'] : ['mark'];
    readonly callback: () => void;
    constructor(callback: () => void) {
      this.callback = callback;
    }
    observe({ type, buffered }: { type: string; buffered: boolean }) {
      expect({ type, buffered }).toEqual({ type: 'paint', buffered: true });
      paints.push(this.callback);
    }
  }
  // A message a port posts is delivered to its other end in a task of its own.
  class Channel {
    readonly port1: { onmessage: (() => void) | null } = { onmessage: null };
    readonly port2 = {
      postMessage: () =>
        tasks.push(() => {
          this.port1.onmessage?.();
        }),
    };
  }
  const script = appLoaderScript(['/a.js', '/b.js'], ['/entry.js']);
  expect(script.match(/import\(s\)/g)).toHaveLength(1);
  new Function(
    'document',
    'PerformanceObserver',
    'requestAnimationFrame',
    'setTimeout',
    'MessageChannel',
    'console',
    'importModule',
    script.replace('import(s)', 'importModule(s)'),
  )(
    document,
    PaintObserver,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => (hidden ? slowedTimers : tasks).push(callback),
    Channel,
    { warn: (...args: unknown[]) => warnings.push(args) },
    (url: string) => {
      imported.push(url);
      return importFails
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve();
    },
  );
  const run = (queue: (() => void)[]) => {
    for (const callback of queue.splice(0)) callback();
  };
  return {
    links,
    imported,
    warnings,
    paint: () => run(paints),
    frame: () => run(frames),
    /** Runs the tasks queued so far (not those they queue). */
    task: () => run(tasks),
    /** Runs tasks until none is left. */
    tasks: () => {
      while (tasks.length) run(tasks);
    },
    hide: () => run(listeners),
  };
}

const PRELOADED = [
  { rel: 'modulepreload', href: '/a.js' },
  { rel: 'modulepreload', href: '/b.js' },
];

test('the code is asked for once the page has painted, not before: the entry, then one chunk per task', () => {
  const loader = runLoader();
  expect([loader.links, loader.imported]).toEqual([[], []]);
  loader.paint();
  expect(loader.imported).toEqual(['/entry.js']);
  expect(loader.links).toEqual(PRELOADED.slice(0, 1));
  loader.task();
  expect(loader.links).toEqual(PRELOADED);
  loader.tasks();
  expect(loader.links).toEqual(PRELOADED);
});

test('without paint timing, the code is asked for in the task after the first frame, which is painted by then', () => {
  const loader = runLoader({ paintTiming: false });
  loader.frame();
  // A frame's callback runs before that frame is painted.
  expect([loader.links, loader.imported]).toEqual([[], []]);
  loader.tasks();
  expect(loader.links).toEqual(PRELOADED);
  expect(loader.imported).toEqual(['/entry.js']);
});

test('a page not shown paints nothing and loads at once, every link without waiting on its slowed timers', () => {
  const loader = runLoader({ hidden: true });
  loader.tasks();
  expect(loader.links).toEqual(PRELOADED);
  expect(loader.imported).toEqual(['/entry.js']);
});

test('a page hidden before it paints loads then, and only once', () => {
  const loader = runLoader();
  loader.hide();
  loader.paint();
  loader.hide();
  loader.tasks();
  expect(loader.links).toEqual(PRELOADED);
  expect(loader.imported).toEqual(['/entry.js']);
});

test('code that fails to load leaves a warning, not an uncaught error', async () => {
  const loader = runLoader({ importFails: true });
  loader.paint();
  await expect.poll(() => loader.warnings.length).toBe(1);
  expect(String(loader.warnings[0]?.[1])).toContain('Failed to fetch dynamically imported module');
});

test('the lists cannot end the script they are written into', () => {
  expect(appLoaderScript(['/a</script><script>alert(1)//.js'], [])).not.toContain('</script>');
});
