// Where Cal.com's embed comes from for a booking link (docs/product-rules.md#source-tags). The link is a page on a
// Cal.com instance: cal.com itself serves its embed script from app.cal.com, a self-hosted instance from its
// own origin. The same answer drives the browser's loader and the server's CSP, so the two cannot drift.

const CAL_COM_ORIGIN = 'https://cal.com';
const CAL_COM_APP_ORIGIN = 'https://app.cal.com';
const CAL_COM_EMBED_SCRIPT = `${CAL_COM_APP_ORIGIN}/embed/embed.js`;

/** What the embed's `init` and `inline` calls need for one booking link. */
export interface CalEmbedTarget {
  /** The instance that serves the booking pages (the embed's `origin`). */
  calOrigin: string;
  /** The link below that origin, e.g. 'porchlight/demo-call'. */
  calLink: string;
  /** The embed's own script (the loader's argument). */
  embedJsUrl: string;
}

function embedScriptFor(origin: string): string {
  return origin === CAL_COM_ORIGIN ? CAL_COM_EMBED_SCRIPT : `${origin}/embed/embed.js`;
}

/** Splits a booking link such as 'https://cal.com/porchlight/demo-call' into what the embed takes. */
export function calEmbedFor(link: string): CalEmbedTarget {
  const url = new URL(link);
  return {
    calOrigin: url.origin,
    calLink: url.pathname.replace(/^\/+|\/+$/g, ''),
    embedJsUrl: embedScriptFor(url.origin),
  };
}

/** The CSP sources the embed needs: its script and the booking pages it frames. */
export interface CalCspSources {
  script: string[];
  frame: string[];
}

/**
 * Every booking link hangs below the team URL, so the team decides the origins for all source tags. Cal.com's
 * embed frames cal.com's pages from app.cal.com (it rewrites the origin itself), and it fetches nothing.
 */
export function calCspSources(calTeam: string): CalCspSources {
  const origin = new URL(calTeam).origin;
  const scriptOrigin = new URL(embedScriptFor(origin)).origin;
  const frameOrigin = origin === CAL_COM_ORIGIN ? CAL_COM_APP_ORIGIN : origin;
  return { script: [scriptOrigin], frame: [frameOrigin] };
}
