// Written by scripts/draw-crm-wordmarks.ts: edit the marks there and run it again.
// Each mark's file, and its box in hundredths of its cap height.

export interface CrmMark {
  src: string;
  width: number;
  height: number;
}

export const CRM_MARKS = {
  'Follow Up Boss': { src: '/images/crm/follow-up-boss.svg', width: 954, height: 128 },
  Lofty: { src: '/images/crm/lofty.svg', width: 323, height: 134 },
  CINC: { src: '/images/crm/cinc.svg', width: 371, height: 102 },
  'Real Geeks': { src: '/images/crm/real-geeks.svg', width: 706, height: 103 },
  HighLevel: { src: '/images/crm/highlevel.svg', width: 619, height: 136 },
  BoldTrail: { src: '/images/crm/boldtrail.svg', width: 531, height: 106 },
  HubSpot: { src: '/images/crm/hubspot.svg', width: 743, height: 160 },
  BoomTown: { src: '/images/crm/boomtown.svg', width: 697, height: 101 },
  'Sierra Interactive': { src: '/images/crm/sierra-interactive.svg', width: 533, height: 189 },
} as const satisfies Record<string, CrmMark>;
