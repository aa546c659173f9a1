import { expect, test } from 'vitest';
import { classifyUserAgent } from './user-agent.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  chromeAndroidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
  edgeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.2903.87',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  curl: 'curl/8.5.0',
};

test.each([
  [UA.chromeWindows, 'desktop', 'Chrome'],
  [UA.safariMac, 'desktop', 'Safari'],
  [UA.safariIphone, 'mobile', 'Safari'],
  [UA.chromeIphone, 'mobile', 'Chrome'],
  [UA.safariIpad, 'tablet', 'Safari'],
  [UA.chromeAndroidPhone, 'mobile', 'Chrome'],
  [UA.chromeAndroidTablet, 'tablet', 'Chrome'],
  [UA.samsung, 'mobile', 'Samsung Internet'],
  [UA.firefoxLinux, 'desktop', 'Firefox'],
  [UA.firefoxIphone, 'mobile', 'Firefox'],
  [UA.edgeWindows, 'desktop', 'Edge'],
  [UA.edgeAndroid, 'mobile', 'Edge'],
  [UA.opera, 'desktop', 'Other'],
  [UA.googlebot, 'bot', 'Other'],
  [UA.curl, 'bot', 'Other'],
  ['', 'bot', 'Other'],
  ['Mozilla/5.0 (X11; SomeOS x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Unknown/1.0', 'desktop', 'Other'],
])('%s → %s, %s', (ua, device, browser) => {
  expect(classifyUserAgent(ua)).toEqual({ device, browser });
});
