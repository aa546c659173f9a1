/**
 * Focuses `element`, blurring it first if it has the focus already. A field focused again is read anew by a screen
 * reader, with the message now tied to it (focusing the focused field does nothing, so a refusal of the field the
 * visitor pressed Enter in went unsaid), and its caret is where editing keys expect it.
 */
export function focusAnew(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (element === document.activeElement) element.blur();
  element.focus();
}
