import { isbot } from 'isbot';

export const DEVICES = ['desktop', 'mobile', 'tablet', 'bot'] as const;
export type Device = (typeof DEVICES)[number];
export const BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Other'] as const;
export type Browser = (typeof BROWSERS)[number];

export interface UserAgentClass {
  device: Device;
  browser: Browser;
}

// Order matters in both tables: the first match wins, and many browsers also claim to be Chrome or Safari.
const DEVICE_RULES: [Device, RegExp][] = [
  ['tablet', /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i],
  ['mobile', /Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i],
];

const BROWSER_RULES: [Browser, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  // Chromium-based browsers that name themselves are not counted as Chrome.
  ['Other', /\b(?:OPR|OPiOS|Opera|YaBrowser|Vivaldi|UCBrowser|Brave|DuckDuckGo|Whale)\b/],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|CriOS|Chromium)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

/** A rough, dependency-light reading of a User-Agent header for the analytics page. */
export function classifyUserAgent(userAgent: string): UserAgentClass {
  const ua = userAgent.trim();
  // No real browser sends an empty User-Agent.
  if (ua === '' || isbot(ua)) return { device: 'bot', browser: 'Other' };
  const device = DEVICE_RULES.find(([, pattern]) => pattern.test(ua))?.[0] ?? 'desktop';
  const browser = BROWSER_RULES.find(([, pattern]) => pattern.test(ua))?.[0] ?? 'Other';
  return { device, browser };
}
