// The ad pixel (docs/product-rules.md#ad-pixel): a PageView on each route change and a 'Lead' event per form,
// sent through Meta's pixel only when an id is configured (META_PIXEL_ID). The event names and values are the
// ones the ad campaigns already report on, so they stay as they are.

/** Meta's pixel library and the endpoint it reports to (an image or a beacon). */
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';
const PIXEL_SCRIPT_ORIGIN = 'https://connect.facebook.net';
const PIXEL_REPORT_ORIGIN = 'https://www.facebook.com';

/** A pixel id is a number of 15 or 16 digits; a few digits either way leave room. */
export const PIXEL_ID_PATTERN = /^\d{10,20}$/;

/** Which form produced a lead; the demo dialog also says whether its call is immediate or scheduled. */
export type LeadEvent = { form: 'contact' } | { form: 'demo-call'; status: 'scheduled' | 'submitted' };

export interface LeadEventParams {
  content_name: 'contact_form' | 'ai_call_request';
  content_category: 'demo_request';
  status: 'submitted' | 'scheduled';
}

/** The parameters of the 'Lead' event for each form. */
export function leadEventParams(event: LeadEvent): LeadEventParams {
  switch (event.form) {
    case 'contact':
      return { content_name: 'contact_form', content_category: 'demo_request', status: 'submitted' };
    case 'demo-call':
      return { content_name: 'ai_call_request', content_category: 'demo_request', status: event.status };
  }
}

/** What the CSP must add for the pixel: nothing at all when no id is configured. */
export function pixelCspSources(pixelId: string | undefined): { script: string[]; img: string[]; connect: string[] } {
  if (!pixelId) return { script: [], img: [], connect: [] };
  return {
    script: [PIXEL_SCRIPT_ORIGIN],
    img: [PIXEL_REPORT_ORIGIN],
    connect: [PIXEL_REPORT_ORIGIN, PIXEL_SCRIPT_ORIGIN],
  };
}
