import { css } from '@emotion/react';

/**
 * A check mark before each item of a list, in `color`, drawn as the two strokes of a turned corner rather than
 * with the '✓' character: the brand font has no such glyph (brand-font-subset.ts), and a character outside it
 * sends the browser through the system's fonts for a fallback, which was about half the time the home page's
 * 'Why choose' section took to lay out (docs/decisions/0026-every-character-from-the-brand-font.md).
 */
export function checkMarkItems(color: string) {
  return css`
    li::before {
      content: '';
      display: inline-block;
      width: 0.32em;
      height: 0.65em;
      margin: 0 calc(var(--space-2) + 0.15em) 0.15em 0.2em;
      border: solid ${color};
      border-width: 0 0.16em 0.16em 0;
      transform: rotate(45deg);
    }
  `;
}
