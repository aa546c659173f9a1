// Pricing (docs/product-rules.md#pricing), in whole cents so that totals are exact.
export const PRICE_PER_LEAD_CENTS = 299;
export const ACTIVATION_FEE_CENTS = 49_500;
export const MIN_LEADS = 100;
export const MAX_LEADS = 1000;
export const LEAD_STEP = 50;
export const DEFAULT_LEADS = 100;
export const BETA_SPOTS_LEFT = 15;
export const OFFER_TOAST_MS = 5000;

/** Slider stops: five equal segments of 20 positions between these lead counts. */
export const SLIDER_TICKS = [100, 200, 400, 600, 800, 1000] as const;
const SEGMENT = 20;

/** Rounded to the nearest 50 and clamped to 100–1000. */
export function normalizeLeadCount(leads: number): number {
  const rounded = Math.round(leads / LEAD_STEP) * LEAD_STEP;
  return Math.min(MAX_LEADS, Math.max(MIN_LEADS, rounded));
}

/** Slider position (0–100) to lead count, linear inside each segment. */
export function sliderToLeads(position: number): number {
  const clamped = Math.min(100, Math.max(0, position));
  const index = Math.min(SLIDER_TICKS.length - 2, Math.floor(clamped / SEGMENT));
  const from = SLIDER_TICKS[index] ?? MIN_LEADS;
  const to = SLIDER_TICKS[index + 1] ?? MAX_LEADS;
  const t = (clamped - index * SEGMENT) / SEGMENT;
  return normalizeLeadCount(from + (to - from) * t);
}

/** Lead count to slider position, the inverse of `sliderToLeads` for normalised counts. */
export function leadsToSlider(leads: number): number {
  const count = normalizeLeadCount(leads);
  for (let index = 0; index < SLIDER_TICKS.length - 1; index++) {
    const from = SLIDER_TICKS[index] ?? MIN_LEADS;
    const to = SLIDER_TICKS[index + 1] ?? MAX_LEADS;
    if (count <= to) return index * SEGMENT + ((count - from) / (to - from)) * SEGMENT;
  }
  return 100;
}

export function platformFeeCents(leads: number): number {
  if (leads >= 1000) return 59_500;
  if (leads >= 600) return 39_500;
  return 19_500;
}

/** Lead count × $2.99, with the 100-lead minimum. */
export function leadVolumeCents(leads: number): number {
  return Math.max(MIN_LEADS, leads) * PRICE_PER_LEAD_CENTS;
}

export interface Quote {
  leads: number;
  platformFeeCents: number;
  leadVolumeCents: number;
  totalCents: number;
  /** Shown struck through: waived during the beta. */
  activationFeeCents: number;
}

export function quote(leads: number): Quote {
  const count = normalizeLeadCount(leads);
  const platform = platformFeeCents(count);
  const volume = leadVolumeCents(count);
  return {
    leads: count,
    platformFeeCents: platform,
    leadVolumeCents: volume,
    totalCents: platform + volume,
    activationFeeCents: count >= MIN_LEADS ? ACTIVATION_FEE_CENTS : 0,
  };
}
