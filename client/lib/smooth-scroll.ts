import { layOutBefore } from '#client/lib/lay-out-when-idle.ts';
import { SECTION_SCROLL_OFFSET_PX } from '#shared/ui-timing.ts';

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

let running = 0;

// What stops a scroll under way: the visitor taking over, as with the browser's own smooth scroll. A tap then lands
// on what was under the finger, not on what the scroll brought there between the press and the release.
const VISITOR_INPUT = ['pointerdown', 'touchstart', 'wheel', 'keydown'];

/**
 * Scrolls the window to `top` over `duration` ms; instantly when the visitor prefers reduced motion. A function
 * is read again on every frame, so a target that moves while the page settles (an image, a late section) is met.
 */
export function scrollWindowTo(top: number | (() => number), duration: number): void {
  const target = typeof top === 'function' ? top : () => top;
  const start = window.scrollY;
  const frame = ++running;
  if (duration <= 0 || prefersReducedMotion() || Math.abs(target() - start) < 1) {
    window.scrollTo(0, target());
    return;
  }
  const stop = () => {
    if (frame === running) running++;
  };
  const listening = { capture: true, passive: true };
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, listening);
  const startedAt = performance.now();
  const step = (now: number) => {
    // A newer scroll took over, or the visitor did.
    const t = frame === running ? Math.min(1, (now - startedAt) / duration) : 1;
    if (frame === running) window.scrollTo(0, start + (target() - start) * easeInOutCubic(t));
    if (t < 1) requestAnimationFrame(step);
    else for (const type of VISITOR_INPUT) window.removeEventListener(type, stop, listening);
  };
  requestAnimationFrame(step);
}

/**
 * The section an address's hash names (`#pricing`), or undefined for none. A hash that is no valid escape (`#%E0`,
 * typed or sent in a link) names the section spelled as it stands: it only warns, as any missing section does.
 */
export function sectionOfHash(hash: string): string | undefined {
  const raw = hash.slice(1);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Scrolls so the section's top sits the header offset below the viewport top; warns if it is missing. */
export function scrollToSection(id: string, duration: number): boolean {
  const element = document.getElementById(id);
  if (!element) {
    console.warn(`Section "${id}" not found`);
    return false;
  }
  layOutBefore(element);
  const top = () => Math.max(0, element.getBoundingClientRect().top + window.scrollY - SECTION_SCROLL_OFFSET_PX);
  scrollWindowTo(top, duration);
  return true;
}

/**
 * Runs `scroll` once the element `id` is in the document. Coming from another page, the home sections
 * arrive with their code a moment after the route renders; a section still missing after `timeoutMs`
 * gets `scroll` anyway, which warns (a missing section is not an error). Aborting `signal` cancels it.
 */
export function whenElementExists(id: string, timeoutMs: number, signal: AbortSignal, scroll: () => void): void {
  if (signal.aborted) return;
  if (document.getElementById(id)) {
    scroll();
    return;
  }
  const done = () => {
    observer.disconnect();
    clearTimeout(timer);
    signal.removeEventListener('abort', done);
  };
  const observer = new MutationObserver(() => {
    if (!document.getElementById(id)) return;
    done();
    scroll();
  });
  const timer = setTimeout(() => {
    done();
    scroll();
  }, timeoutMs);
  observer.observe(document.body, { childList: true, subtree: true });
  signal.addEventListener('abort', done);
}
