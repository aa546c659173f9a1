// Written by scripts/draw-crm-wordmarks.ts: edit the marks there and run it again.
// Each mark's view in the marks' file, and its box in hundredths of its cap height.

export interface CrmMark {
  src: string;
  width: number;
  height: number;
}

export const CRM_MARKS = {
  'Follow Up Boss': { src: '/images/crm/marks.svg#follow-up-boss', width: 954, height: 128 },
  Lofty: { src: '/images/crm/marks.svg#lofty', width: 323, height: 134 },
  CINC: { src: '/images/crm/marks.svg#cinc', width: 371, height: 102 },
  'Real Geeks': { src: '/images/crm/marks.svg#real-geeks', width: 706, height: 103 },
  HighLevel: { src: '/images/crm/marks.svg#highlevel', width: 619, height: 136 },
  BoldTrail: { src: '/images/crm/marks.svg#boldtrail', width: 531, height: 106 },
  HubSpot: { src: '/images/crm/marks.svg#hubspot', width: 743, height: 160 },
  BoomTown: { src: '/images/crm/marks.svg#boomtown', width: 697, height: 101 },
  'Sierra Interactive': { src: '/images/crm/marks.svg#sierra-interactive', width: 533, height: 189 },
} as const satisfies Record<string, CrmMark>;
