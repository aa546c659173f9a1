import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PIXEL_SCRIPT_URL } from '#shared/ad-pixel.ts';
import { startAdPixel, trackLead, trackPageView } from './ad-pixel.ts';

// Just enough of a browser for the pixel's set-up: a window that runs idle callbacks at once and a head that
// records what is appended to it.
interface FakeScript {
  async: boolean;
  src: string;
  listeners: Record<string, () => void>;
  addEventListener(type: string, listener: () => void): void;
}

let appended: FakeScript[];

beforeEach(() => {
  appended = [];
  vi.stubGlobal('window', { requestIdleCallback: (callback: () => void) => callback() });
  vi.stubGlobal('document', {
    createElement: (): FakeScript => ({
      async: false,
      src: '',
      listeners: {},
      addEventListener(type, listener) {
        this.listeners[type] = listener;
      },
    }),
    head: { append: (script: FakeScript) => appended.push(script) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function queued(): unknown[][] {
  const fbq = window.fbq;
  if (!fbq) throw new Error('no pixel');
  return fbq.queue;
}

test('without a started pixel, events go nowhere and nothing is loaded', () => {
  trackPageView();
  trackLead({ form: 'contact' });
  expect(window.fbq).toBeUndefined();
  expect(appended).toEqual([]);
});

test('a started pixel loads its library once and queues init, PageView and Lead until it arrives', () => {
  startAdPixel('123456789012345');
  startAdPixel('123456789012345');
  trackPageView();
  trackLead({ form: 'contact' });
  trackLead({ form: 'demo-call', status: 'scheduled' });
  expect(appended).toHaveLength(1);
  expect(appended[0]).toMatchObject({ async: true, src: PIXEL_SCRIPT_URL });
  expect(queued()).toEqual([
    ['init', '123456789012345'],
    ['track', 'PageView'],
    ['track', 'Lead', { content_name: 'contact_form', content_category: 'demo_request', status: 'submitted' }],
    ['track', 'Lead', { content_name: 'ai_call_request', content_category: 'demo_request', status: 'scheduled' }],
  ]);
});

test('once the library takes over, calls go to it', () => {
  startAdPixel('123456789012345');
  const library = vi.fn();
  const fbq = window.fbq;
  if (!fbq) throw new Error('no pixel');
  fbq.callMethod = library;
  trackLead({ form: 'contact' });
  expect(library).toHaveBeenCalledWith('track', 'Lead', expect.objectContaining({ content_name: 'contact_form' }));
});

test('a failing pixel is only logged', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  startAdPixel('123456789012345');
  appended[0]?.listeners.error?.();
  const fbq = window.fbq;
  if (!fbq) throw new Error('no pixel');
  fbq.callMethod = () => {
    throw new Error('blocked');
  };
  expect(() => trackPageView()).not.toThrow();
  expect(warn).toHaveBeenCalledTimes(2);
});
