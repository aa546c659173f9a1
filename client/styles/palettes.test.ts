import { expect, test } from 'vitest';
import { type PaletteToken, palettes } from './palettes.ts';

/** WCAG 2.2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r = 0, g = 0, b = 0] = match.slice(1).map((channel) => {
    const c = Number.parseInt(channel, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio, 1 to 21. */
function contrast(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

test('the contrast ratio matches WCAG reference values', () => {
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  expect(contrast('#a8a29e', '#ffffff')).toBeLessThan(3); // the input border this palette used to have
});

// Each foreground token, the minimum it needs and the backgrounds it sits on.
const checks: { fg: PaletteToken; min: number; on: PaletteToken[] }[] = [
  { fg: '--color-text', min: 4.5, on: ['--color-bg', '--color-surface', '--color-bg-muted'] },
  { fg: '--color-muted', min: 4.5, on: ['--color-bg', '--color-surface', '--color-bg-muted'] },
  { fg: '--color-link', min: 4.5, on: ['--color-bg', '--color-surface'] },
  { fg: '--color-accent-text', min: 4.5, on: ['--color-accent'] },
  // WCAG 1.4.11: the borders of inputs and secondary buttons identify the control.
  { fg: '--color-border-strong', min: 3, on: ['--color-bg', '--color-surface', '--color-bg-muted'] },
];

for (const [theme, palette] of Object.entries(palettes)) {
  for (const { fg, min, on } of checks) {
    for (const bg of on) {
      test(`${theme}: ${fg} on ${bg} reaches ${min}:1`, () => {
        expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(min);
      });
    }
  }
}
