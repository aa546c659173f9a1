import { ISLAND_ELEMENT } from './island-load.ts';

// A tap that comes before the code that answers it is kept and answered once that code is there, never lost
// (docs/decisions/0020-marketing-pages-as-islands.md). The page's code comes after its first paint (client/app-loader.ts),
// seconds later on a slow phone, so there are three moments to cover:
// - before the islands' entry runs, the inline script below keeps the clicks on buttons only script answers
//   (`isScriptOnlyButton`; links, and the buttons that open or close a dialog by themselves, answer on their own), and
//   the entry takes them (`takeEarlyClicks`);
// - on an island, until it has hydrated: `keepEarlyClicks`;
// - on a button outside every island (a dialog trigger, answered by the page's dialog island through one listener on
//   the document), until the islands due at once have settled: `holdClicksOutsideIslands`.

const TAKE_EARLY_CLICKS = '__takeEarlyClicks';

declare global {
  interface Window {
    [TAKE_EARLY_CLICKS]?: () => MouseEvent[];
  }
}

/**
 * Whether a click on `target` is one on a button only script answers: one that does nothing by itself
 * (`type="button"`), or one that submits a form with no action of its own (the hero's number). Such a form, sent
 * before its island's code runs, would reload the page with what was typed in its address (`/?phone=…`): the click
 * is held instead, and the form is sent by its island. A form with an action (the consent revocation) is the
 * server's to answer, and goes.
 */
export function isScriptOnlyButton(target: EventTarget | null): boolean {
  const button = target instanceof Element ? target.closest('button') : null;
  if (!button || answersItself(button)) return false;
  return button.type === 'button' || (button.type === 'submit' && submitsNowhere(button));
}

/** A button that opens or closes a dialog with no script (`commandfor`, the menu's): the browser answers it. */
function answersItself(button: HTMLButtonElement): boolean {
  return button.hasAttribute('commandfor');
}

function submitsNowhere(button: HTMLButtonElement): boolean {
  return button.form !== null && !button.form.hasAttribute('action') && !button.hasAttribute('formaction');
}

/** Inline, ahead of the page's code: keeps the clicks `isScriptOnlyButton` holds, until `takeEarlyClicks`. */
export const earlyClicksScript =
  `(function(){var c=[];function k(e){var b=e.target instanceof Element&&e.target.closest('button');` +
  `if(!b||b.hasAttribute('commandfor'))return;` +
  `var f=b.type==='submit'&&b.form&&!b.form.hasAttribute('action')&&!b.hasAttribute('formaction');` +
  `if(f)e.preventDefault();if(f||b.type==='button')c.push(e)}document.addEventListener('click',k,true);` +
  `window.${TAKE_EARLY_CLICKS}=function(){document.removeEventListener('click',k,true);return c}})();`;

/** The clicks kept since the page was parsed, oldest first; the inline script keeps none after this. */
export function takeEarlyClicks(): MouseEvent[] {
  const take = window[TAKE_EARLY_CLICKS];
  delete window[TAKE_EARLY_CLICKS];
  return take ? take() : [];
}

/** The same click, dispatched again on its own target: it bubbles to whatever answers it, a link's navigation too. */
function clickAgain(event: MouseEvent, target: Element): void {
  target.dispatchEvent(new MouseEvent('click', event));
}

/**
 * An island not yet due loads as soon as the visitor reaches for it (a press, focus or a click), and a click that
 * comes before the island has hydrated is held and clicked again once it has: the last one, as a second tap on a
 * toggle before anything answered would only undo the first. Returns what takes a click kept before the entry ran.
 */
export function keepEarlyClicks(
  element: HTMLElement,
  settled: () => boolean,
  start: () => void,
  replayLater: (again: () => void) => void,
): (event: Event) => void {
  const early = (event: Event) => {
    if (settled()) return;
    start();
    // The target may be a button's icon (an SVG element).
    const target = event.target;
    if (!(event instanceof MouseEvent) || event.type !== 'click' || !(target instanceof Element)) return;
    const button = target.closest('button');
    if (button && answersItself(button)) return;
    event.preventDefault();
    event.stopPropagation();
    replayLater(() => clickAgain(event, target));
  };
  for (const type of ['pointerdown', 'focusin', 'click']) element.addEventListener(type, early, { capture: true });
  return early;
}

/**
 * Holds the last click on a script-only button outside every island until `release`, then clicks it again unless
 * something answered it meanwhile (the dialog island's listener takes a trigger's click with `preventDefault`).
 */
export function holdClicksOutsideIslands(): { hold(event: MouseEvent): void; release(): void } {
  let released = false;
  let held: MouseEvent | undefined;
  const replay = () => {
    const event = held;
    held = undefined;
    if (event && !event.defaultPrevented && event.target instanceof Element) clickAgain(event, event.target);
  };
  const hold = (event: MouseEvent) => {
    if (!isScriptOnlyButton(event.target) || (event.target as Element).closest(ISLAND_ELEMENT)) return;
    held = event;
    if (released) replay();
  };
  document.addEventListener('click', hold, { capture: true });
  return {
    hold,
    release() {
      if (released) return;
      released = true;
      document.removeEventListener('click', hold, { capture: true });
      replay();
    },
  };
}
