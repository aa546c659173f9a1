import crypto from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '#server/config.ts';
import type { InlineSources } from '#server/pages/inline-hashes.ts';
import { pixelCspSources } from '#shared/ad-pixel.ts';
import { calCspSources } from '#shared/cal-embed.ts';
import { OPERATOR_PAGE_PATHS } from '#shared/operator-pages.ts';

/** A fresh nonce per response, in `res.locals.cspNonce`, where helmet and the SSR handler read it. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString('base64url');
  next();
};

export function nonceOf(res: ServerResponse): string {
  const locals = 'locals' in res ? res.locals : undefined;
  const nonce = locals && typeof locals === 'object' && 'cspNonce' in locals ? locals.cspNonce : undefined;
  if (typeof nonce !== 'string') throw new Error('cspNonce middleware must run first');
  return nonce;
}

/** Third-party origins a directive may add to its own; each feature asks only for what it uses. */
export interface ThirdPartySources {
  /** Scripts (the booking calendar's embed, the ad pixel). */
  script?: string[];
  /** Frames (the video embed, the booking calendar). */
  frame?: string[];
  /** fetch, beacons and websockets (the booking calendar, the ad pixel). */
  connect?: string[];
  /** Images (the ad pixel's reports). */
  img?: string[];
  /** A third party that writes inline styles: <style> elements and style attributes (the booking calendar). */
  inlineStyles?: boolean;
  /** Framed origins that may use a feature the site itself uses (the video embed's autoplay, the calendar's payment). */
  delegate?: Partial<Record<DelegatedFeature, string[]>>;
}

/**
 * Features the pages use: the promo video autoplays and offers full screen and picture-in-picture, the YouTube
 * embed asks for those and encrypted-media, and Cal.com's embed asks for payment on its frame. Each is on for
 * this origin (a frame can only be given what its page has) and for the frames named in `delegate`.
 */
const DELEGATED_FEATURES = ['autoplay', 'encrypted-media', 'fullscreen', 'payment', 'picture-in-picture'] as const;
export type DelegatedFeature = (typeof DELEGATED_FEATURES)[number];

/**
 * Powerful features no page uses: off for the site and for every frame in it, whatever a third party asks.
 * Only names Chromium knows: it logs a console warning for each one it does not.
 */
const DISABLED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];

/** The Permissions-Policy header: the delegated features for this origin and `delegate`'s frames, the rest off. */
export function permissionsPolicy(delegate: ThirdPartySources['delegate'] = {}): string {
  const allowed = DELEGATED_FEATURES.map((feature) => {
    const origins = [...new Set(delegate[feature] ?? [])].map((origin) => `"${origin}"`);
    return `${feature}=(${['self', ...origins].join(' ')})`;
  });
  return [...allowed, ...DISABLED_FEATURES.map((feature) => `${feature}=()`)].join(', ');
}

interface SecurityOptions {
  thirdParties?: ThirdPartySources;
  /**
   * The pages may show `data:` images and play this origin's video (the site's pages). False for pages that
   * show neither (the operator pages): `img-src 'self'` and `media-src 'none'`.
   */
  media?: boolean;
  /** Adds upgrade-insecure-requests and HSTS; only meaningful behind HTTPS. */
  https: boolean;
  /** Vite's dev server speaks websockets for hot reload. */
  dev: boolean;
}

/**
 * Cal.com's embed styles its booker with <style> elements (in the page and in its shadow roots) and style
 * attributes, none of which can carry our nonce. Their text comes with Cal.com's live script, so hashes would
 * break at Cal.com's next release: these two directives allow inline styles, and nothing else. Styles cannot
 * run script; scripts stay nonce-only. A browser without them falls back to the strict style-src. Why neither
 * can go while the embed is used: docs/decisions/0005-page-cache-and-csp.md.
 */
const INLINE_STYLE_DIRECTIVES = {
  styleSrcElem: ["'self'", "'unsafe-inline'"],
  styleSrcAttr: ["'unsafe-inline'"],
};

export interface SecurityPolicy {
  /** Sets every security header on a response, with its own nonce in the CSP (cspNonce must run first). */
  middleware: RequestHandler;
  /**
   * The same headers computed once for a response without a nonce: the CSP lists `inline` where the nonce would
   * go, and is otherwise the same policy (a cached page, a built asset). `pathname` is the page's, where pages
   * get different policies; without it, the site's.
   */
  headersFor(inline: InlineSources, pathname?: string): [string, string][];
}

/** The responses `headersFor` builds its headers on (never sent), with the hashes that replace the nonce. */
const hashedResponses = new WeakMap<ServerResponse, InlineSources>();

/** The sources a response's inline tags are allowed by: `headersFor`'s hashes, else the response's nonce. */
function inlineSourcesOf(res: ServerResponse, kind: keyof InlineSources): string {
  const hashed = hashedResponses.get(res);
  return hashed ? hashed[kind].join(' ') : `'nonce-${nonceOf(res)}'`;
}

/**
 * helmet with an enforced CSP (scripts and styles only from this origin or carrying the nonce; in a cached page,
 * which has none, matching a hash: docs/decisions/0005-page-cache-and-csp.md), and a Permissions-Policy that turns
 * off the powerful features no page uses.
 */
export function securityPolicy({ https, dev, media = true, thirdParties = {} }: SecurityOptions): SecurityPolicy {
  const { script = [], frame = [], connect = [], img = [], inlineStyles = false, delegate } = thirdParties;
  const permissions = permissionsPolicy(delegate);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => inlineSourcesOf(res, 'script'), ...script],
        styleSrc: ["'self'", (_req, res) => inlineSourcesOf(res, 'style')],
        ...(inlineStyles ? INLINE_STYLE_DIRECTIVES : {}),
        imgSrc: ["'self'", ...(media ? ['data:'] : []), ...img],
        fontSrc: ["'self'"],
        connectSrc: [...(dev ? ["'self'", 'ws:'] : ["'self'"]), ...connect],
        mediaSrc: media ? ["'self'"] : ["'none'"],
        frameSrc: frame.length ? frame : ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Outgoing links keep the origin so partners can see where visitors come from, never the path.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  return {
    middleware(req, res, next) {
      res.setHeader('Permissions-Policy', permissions);
      headers(req, res, next);
    },
    headersFor(inline) {
      // helmet itself writes them, on a response that is never sent, so they cannot drift from the middleware's.
      const res = new ServerResponse(new IncomingMessage(new Socket()));
      hashedResponses.set(res, inline);
      res.setHeader('Permissions-Policy', permissions);
      let failure: unknown;
      headers(res.req, res, (error?: unknown) => {
        failure = error;
      });
      if (failure) throw failure;
      return res.getHeaderNames().map((name) => {
        const value = String(res.getHeader(name));
        // No hashes leave an empty source between two spaces.
        return [name, name === 'content-security-policy' ? value.replace(/ {2,}/g, ' ').replace(/ ;/g, ';') : value];
      });
    },
  };
}

/** The security headers as middleware alone; see `securityPolicy`. */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  return securityPolicy(options).middleware;
}

/**
 * The site's policies, by page: the marketing pages get their own origin plus the third parties they use as
 * configured; the operator pages (shared/operator-pages.ts) get their own origin alone. Every other response
 * (the API, assets, the not-found page) gets the marketing pages' policy.
 */
export function siteSecurityPolicy(config: Config): SecurityPolicy {
  const https = config.siteUrl.startsWith('https:');
  const dev = !config.isProduction;
  // The video embed when configured, the booking calendar, the ad pixel when configured.
  const calendar = calCspSources(config.leads.calTeam);
  const pixel = pixelCspSources(config.metaPixelId);
  const video = config.promoVideo.youtubeId ? ['https://www.youtube-nocookie.com'] : [];
  const site = securityPolicy({
    https,
    dev,
    thirdParties: {
      script: [...calendar.script, ...pixel.script],
      frame: [...video, ...calendar.frame],
      connect: pixel.connect,
      img: pixel.img,
      // Cal.com's embed styles itself inline; a calendar team is always set (CAL_TEAM has a default).
      inlineStyles: Boolean(config.leads.calTeam),
      // What the embeds ask for in their iframes' `allow` (client/features/promos/video-dialog.tsx; Cal.com's embed).
      delegate: {
        autoplay: video,
        'encrypted-media': video,
        fullscreen: video,
        'picture-in-picture': video,
        payment: calendar.frame,
      },
    },
  });
  // No booking calendar, video, ad pixel or promotion runs there (client/layout/layout.tsx), and their link back
  // to the site loads a new document, which gets the site's policy.
  const operator = securityPolicy({ https, dev, media: false });
  const operatorPaths = new Set<string>(OPERATOR_PAGE_PATHS);
  const policyOf = (pathname: string | undefined) =>
    pathname !== undefined && operatorPaths.has(pathname) ? operator : site;
  return {
    middleware: (req, res, next) => policyOf(req.path).middleware(req, res, next),
    headersFor: (inline, pathname) => policyOf(pathname).headersFor(inline),
  };
}
