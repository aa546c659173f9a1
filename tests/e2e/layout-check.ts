import type { Page } from '@playwright/test';

// What the layout test measures in the page. The functions below run inside the browser (page.evaluate), so
// each one is self-contained: no imports, no outer variables.

export interface Viewport {
  width: number;
  height: number;
  /** Phones in either orientation: where tap targets must be 44 px. */
  phone: boolean;
  label: string;
}

const PHONE_WIDTHS = [320, 360, 375, 390, 412, 414];
// A common portrait height for each phone width (iPhone SE 1st gen, Android, iPhone SE/8, iPhone 12–16,
// Pixel, iPhone Plus); landscape swaps them.
const PHONE_HEIGHTS: Record<number, number> = { 320: 568, 360: 780, 375: 667, 390: 844, 412: 915, 414: 896 };
const WIDE_WIDTHS = [768, 1024, 1280, 1440];

/** 320–414 px phones held both ways, and 768–1440 px screens at a portrait and a landscape height. */
export function viewports(): Viewport[] {
  const phones = PHONE_WIDTHS.flatMap((width) => {
    const height = PHONE_HEIGHTS[width] ?? 800;
    return [
      { width, height, phone: true, label: `${width}×${height}` },
      { width: height, height: width, phone: true, label: `${width} landscape (${height}×${width})` },
    ];
  });
  const wide = WIDE_WIDTHS.flatMap((width) => {
    const portrait = Math.round((width * 4) / 3);
    const landscape = Math.round((width * 10) / 16);
    return [
      { width, height: portrait, phone: false, label: `${width}×${portrait}` },
      { width, height: landscape, phone: false, label: `${width}×${landscape}` },
    ];
  });
  return [...phones, ...wide];
}

export interface LayoutProblems {
  /** Elements whose box leaves the screen at the left or right edge. */
  cutOff: string[];
  /** The document scrolls sideways by this many px (0 when it does not). */
  sidewaysScroll: number;
  /** Buttons and links whose own label is wider than they are: the rest spills out of their box or is cut. */
  overflowingLabels: string[];
  /** Text inputs whose text is under 16 px (iOS zooms into them on focus). */
  smallInputText: string[];
  /** Buttons, links and fields under 44 × 44 px in the header, open dialogs and forms (phones only). */
  smallTapTargets: string[];
  /**
   * What is wrong inside an open dialog or popup, measured against the dialog's own box rather than the screen's:
   * content outside it, two form fields on top of each other, the dialog scrolling sideways.
   */
  inDialogs: string[];
}

export type Theme = 'light' | 'dark';

interface MeasureOptions {
  /** Adds the tap-target check. */
  phone: boolean;
  /** Where a third party draws its own controls (the booking calendar): their size is not ours to set. */
  thirdParty?: string;
  /** What else counts as a dialog besides an open <dialog>: a popup that is not modal (the promo card). */
  popups?: string;
}

/**
 * Measures the page as laid out now, once in each theme (switched the way the theme toggle switches it), after
 * CSS animations such as a drawer sliding in have finished.
 */
export function measureLayout(page: Page, options: MeasureOptions): Promise<Record<Theme, LayoutProblems>> {
  return page.evaluate(measureInPage, options);
}

// Runs in the page: one function, since it is sent there as its source text.
async function measureInPage({ phone, thirdParty, popups }: MeasureOptions): Promise<Record<Theme, LayoutProblems>> {
  const running = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
  await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  const root = document.documentElement;
  const chosen = root.dataset.theme;
  root.dataset.theme = 'light';
  const light = inspect();
  root.dataset.theme = 'dark';
  const dark = inspect();
  if (chosen === undefined) delete root.dataset.theme;
  else root.dataset.theme = chosen;
  return { light, dark };

  // Everything a visitor could see outside the screen, or could not comfortably use, as laid out now.
  function inspect(): LayoutProblems {
    const width = window.innerWidth;
    const SLACK = 0.5;
    const describe = (
      element: Element,
      rect: DOMRect | { left: number; right: number; width: number; height: number },
    ) => {
      const id = element.id ? `#${element.id}` : '';
      const label =
        element.getAttribute('aria-label') ?? (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}> "${label}" at ${Math.round(rect.left)}…${Math.round(rect.right)} (${Math.round(rect.width)}×${Math.round(rect.height)})`;
    };
    const shown = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    // Visually hidden text for screen readers: clipped to nothing on purpose.
    const visuallyHidden = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
        const rect = node.getBoundingClientRect();
        if (style.overflow !== 'visible' && rect.width <= 1 && rect.height <= 1) return true;
      }
      return false;
    };

    const cutOff: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left >= -SLACK && rect.right <= width + SLACK) continue;
      if (!shown(element) || visuallyHidden(element)) continue;
      // What of the box can be seen: a scroller (overflow-x auto or scroll) shows the rest on a swipe, and a box
      // that clips (overflow hidden) inside the screen crops on purpose. A box that clips at the screen's own edge
      // hides the overflow instead of preventing it, so it does not count.
      let left = rect.left;
      let right = rect.right;
      const fixed = getComputedStyle(element).position === 'fixed';
      for (let node = fixed ? null : element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX !== 'visible') {
          const box = node.getBoundingClientRect();
          const scroller = style.overflowX === 'auto' || style.overflowX === 'scroll';
          const atScreenEdge = box.left <= SLACK || box.right >= width - SLACK;
          if (scroller || !atScreenEdge) {
            left = Math.max(left, box.left);
            right = Math.min(right, box.right);
          }
        }
        if (style.position === 'fixed') break;
      }
      if (right <= left) continue;
      if (left < -SLACK || right > width + SLACK) cutOff.push(describe(element, rect));
    }

    const scrolling = document.scrollingElement ?? document.documentElement;
    const sidewaysScroll = Math.max(0, scrolling.scrollWidth - width);

    // A label wider than its button spills past it, where a pressed button's light text vanishes on the light page
    // around it. The overflow shows in the element's scroll width, whatever its overflow style.
    const overflowingLabels: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('button, a[href], summary, [role=tab]')) {
      if (getComputedStyle(element).display === 'inline' || !shown(element) || visuallyHidden(element)) continue;
      const by = element.scrollWidth - element.clientWidth;
      if (by > 1)
        overflowingLabels.push(`${describe(element, element.getBoundingClientRect())} is ${by} px too narrow`);
    }

    const textFields = document.querySelectorAll<HTMLElement>(
      'input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=hidden]):not([type=submit]):not([type=button]), select, textarea',
    );
    const smallInputText = [...textFields]
      .filter(
        (field) => shown(field) && !visuallyHidden(field) && Number.parseFloat(getComputedStyle(field).fontSize) < 16,
      )
      .map((field) => `${describe(field, field.getBoundingClientRect())} has ${getComputedStyle(field).fontSize} text`);

    const smallTapTargets: string[] = [];
    if (phone) {
      const banner = document.querySelector('body header');
      const areas = [banner, ...document.querySelectorAll('dialog[open], form')].filter((area) => area !== null);
      const targets = new Set<Element>();
      for (const area of areas) {
        for (const target of area.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')) {
          targets.add(target);
        }
      }
      for (const target of targets) {
        if (!shown(target) || visuallyHidden(target)) continue;
        if (thirdParty && target.closest(thirdParty)) continue;
        // A link inside a sentence is exempt, as WCAG 2.5.8 exempts it: enlarging it would space out the text.
        if (target.tagName === 'A' && getComputedStyle(target).display === 'inline') continue;
        let rect = target.getBoundingClientRect();
        // A checkbox or radio is tapped through its label.
        if (target instanceof HTMLInputElement && (target.type === 'checkbox' || target.type === 'radio')) {
          const label = target.labels?.[0];
          if (label) rect = label.getBoundingClientRect();
        }
        if (rect.width < 44 - SLACK || rect.height < 44 - SLACK) smallTapTargets.push(describe(target, rect));
      }
    }

    // Each open dialog holds its own content: a field that pokes out of the dialog's side is cut off by it or makes it
    // scroll sideways, even when the screen has room for it, and fields laid over one another cannot be read or used.
    const inDialogs: string[] = [];
    const dialogs = document.querySelectorAll(['dialog[open]', popups].filter(Boolean).join(', '));
    for (const dialog of dialogs) {
      if (!shown(dialog)) continue;
      const name = dialog.getAttribute('aria-label') ?? dialog.querySelector('h2')?.textContent?.trim() ?? 'dialog';
      const box = dialog.getBoundingClientRect();
      const dialogStyle = getComputedStyle(dialog);
      // The inside of the border: content may scroll up and down within it, never sideways.
      const inner = {
        left: box.left + Number.parseFloat(dialogStyle.borderLeftWidth),
        right: box.left + Number.parseFloat(dialogStyle.borderLeftWidth) + dialog.clientWidth,
        top: box.top + Number.parseFloat(dialogStyle.borderTopWidth) - dialog.scrollTop,
        bottom: box.top + Number.parseFloat(dialogStyle.borderTopWidth) - dialog.scrollTop + dialog.scrollHeight,
      };
      const scrollers = [dialog, ...dialog.querySelectorAll('*')].filter((element) => {
        const overflowX = getComputedStyle(element).overflowX;
        const sideways =
          overflowX !== 'visible' && overflowX !== 'clip' && element.scrollWidth > element.clientWidth + 1;
        return sideways && shown(element) && !visuallyHidden(element);
      });
      for (const scroller of scrollers) {
        const by = scroller.scrollWidth - scroller.clientWidth;
        const what = scroller === dialog ? 'it' : describe(scroller, scroller.getBoundingClientRect());
        inDialogs.push(`"${name}": ${what} scrolls sideways by ${by} px`);
      }
      for (const element of dialog.querySelectorAll('*')) {
        if (thirdParty && element.parentElement?.closest(thirdParty)) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (!shown(element) || visuallyHidden(element)) continue;
        // What of the box can be seen: a box inside the dialog that clips (overflow other than visible) crops on purpose.
        let { left, right, top, bottom } = rect;
        for (let node = element.parentElement; node && node !== dialog; node = node.parentElement) {
          if (getComputedStyle(node).overflowX === 'visible') continue;
          const clip = node.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
          top = Math.max(top, clip.top);
          bottom = Math.min(bottom, clip.bottom);
        }
        if (right <= left || bottom <= top) continue;
        const outside =
          left < inner.left - SLACK ||
          right > inner.right + SLACK ||
          top < inner.top - SLACK ||
          bottom > inner.bottom + SLACK;
        if (outside) {
          const edges = `${Math.round(inner.left)}…${Math.round(inner.right)}`;
          inDialogs.push(`"${name}": outside the dialog (${edges}): ${describe(element, rect)}`);
        }
      }
      // Form fields, with their labels: none may lie on another, unless one holds the other (a label around its box).
      const fields = [...dialog.querySelectorAll('input:not([type=hidden]), select, textarea, button, label')].filter(
        (field) =>
          shown(field) && !visuallyHidden(field) && !(thirdParty && field.closest(thirdParty)) && field.closest('form'),
      );
      for (const [index, a] of fields.entries()) {
        for (const b of fields.slice(index + 1)) {
          if (a.contains(b) || b.contains(a)) continue;
          const ra = a.getBoundingClientRect();
          const rb = b.getBoundingClientRect();
          const across = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
          const down = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
          if (across > 1 && down > 1) {
            inDialogs.push(`"${name}": ${describe(a, ra)} overlaps ${describe(b, rb)} by ${Math.round(across)} px`);
          }
        }
      }
    }
    return { cutOff, sidewaysScroll, overflowingLabels, smallInputText, smallTapTargets, inDialogs };
  }
}
