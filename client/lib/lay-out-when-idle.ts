// Home sections below the first screen, and the parts of an article or another text (content/compile.ts), start
// with `content-visibility: auto`, so the browser lays out only what is on screen when the page first renders
// (docs/decisions/0014-sections-laid-out-when-idle.md). Each one is then laid out for good, one per idle period, so
// that the work comes in small slices rather than one long task, and the whole page is in place before anyone
// scrolls, searches or measures it.

/** Marks an element the page's loader queues with `layOutWhenIdle` (client/islands/boot.tsx). */
export const LAY_OUT_WHEN_IDLE_ATTRIBUTE = 'data-lay-out-when-idle';

const waiting: HTMLElement[] = [];
let scheduled = false;

function whenIdle(callback: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 50);
}

function layOutNext() {
  scheduled = false;
  let element = waiting.shift();
  while (element && !element.isConnected) element = waiting.shift();
  if (element) element.style.contentVisibility = 'visible';
  schedule();
}

function schedule() {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  whenIdle(layOutNext);
}

/** Queues `element` to be laid out in an idle period of its own; the returned function takes it off the queue. */
export function layOutWhenIdle(element: HTMLElement): () => void {
  waiting.push(element);
  schedule();
  return () => {
    const index = waiting.indexOf(element);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/**
 * Lays out at once every queued element that comes before `target` in the page. A jump to a section calls it
 * first: sections above laid out later would change their height and push the section from where it was put.
 */
export function layOutBefore(target: Element): void {
  for (let i = waiting.length - 1; i >= 0; i--) {
    const element = waiting[i];
    if (element && element.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) {
      element.style.contentVisibility = 'visible';
      waiting.splice(i, 1);
    }
  }
}

/**
 * Lays out at once every element still queued when the visitor jumps to the end of the page (End, or ⌘↓ on a Mac).
 * The browser's scroll would otherwise aim at the end the estimated heights make, and the sections laid out on the
 * way, taller or shorter than their estimate, would leave the page short of its end (docs/decisions/0014).
 */
export function layOutAllOnJumpToEnd(): void {
  window.addEventListener('keydown', (event) => {
    if (waiting.length === 0 || !(event.key === 'End' || (event.key === 'ArrowDown' && event.metaKey))) return;
    for (const element of waiting.splice(0)) element.style.contentVisibility = 'visible';
  });
}
