// The two colour palettes as plain data: the global styles turn them into custom properties, and
// palettes.test.ts checks their WCAG 2.2 AA contrast (1.4.3 text, 1.4.11 non-text).

export type PaletteToken = keyof typeof light;

const light = {
  '--color-bg': '#fbfaf7',
  '--color-surface': '#ffffff',
  '--color-text': '#1c1b19',
  '--color-muted': '#57534e',
  '--color-border': '#e7e2d9',
  '--color-bg-muted': '#f3efe7',
  '--color-border-strong': '#8a847c',
  '--color-accent': '#b45309',
  '--color-accent-hover': '#92400e',
  '--color-accent-bright': '#f59e0b',
  '--color-accent-text': '#ffffff',
  '--color-link': '#9a3f07',
  '--color-danger': '#b91c1c',
  '--color-danger-surface': '#fef2f2',
  '--color-success': '#15803d',
  '--color-success-surface': '#dcfce7',
  '--color-success-text': '#14532d',
  '--color-glow': 'rgb(245 158 11 / 0.16)',
  '--color-ink': '#1c1b19',
  '--color-ink-raised': '#2e2b26',
  '--color-on-ink': '#f5f2ea',
  '--color-on-ink-muted': '#d6d0c4',
};

const dark = {
  '--color-bg': '#14130f',
  '--color-surface': '#1f1d18',
  '--color-text': '#f5f2ea',
  '--color-muted': '#c4bdb0',
  '--color-border': '#3a362e',
  '--color-bg-muted': '#2a2721',
  '--color-border-strong': '#7a7368',
  '--color-accent': '#f59e0b',
  '--color-accent-hover': '#fbbf24',
  '--color-accent-bright': '#f59e0b',
  '--color-accent-text': '#1c1b19',
  '--color-link': '#fbbf24',
  '--color-danger': '#f87171',
  '--color-danger-surface': '#2a1414',
  '--color-success': '#4ade80',
  '--color-success-surface': '#14532d',
  '--color-success-text': '#dcfce7',
  '--color-glow': 'rgb(245 158 11 / 0.1)',
  '--color-ink': '#24211c',
  '--color-ink-raised': '#34302a',
  '--color-on-ink': '#f5f2ea',
  '--color-on-ink-muted': '#d6d0c4',
} satisfies Record<PaletteToken, string>;

export const palettes = { light, dark };

/** The palette as custom-property declarations. */
export function paletteCss(palette: Record<string, string>): string {
  return Object.entries(palette)
    .map(([name, value]) => `${name}: ${value};`)
    .join('\n');
}
