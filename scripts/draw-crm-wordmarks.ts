// `node scripts/draw-crm-wordmarks.ts`: draws the nine CRMs' marks in one SVG file,
// client/public/images/crm/marks.svg, and their sizes in client/features/home/crm-marks.ts (both committed: run again
// after changing a mark here). Simple Icons has HubSpot's sprocket, which goes in front of its name; no icon set has
// the others, so each is its brand's name as the brand spells it, set in the site's typeface (Inter, from its
// package) by HarfBuzz and drawn as outlines, so it looks the same on every device. The page shows them as masks over
// the text colour, so they take either theme's ink and cost the page's code nothing.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { convert } from 'fontverter';
import * as hb from 'harfbuzzjs';
import { siHubspot } from 'simple-icons';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'client/features/home/crm-marks.ts');
const SVG_DIR = path.join(ROOT, 'client/public/images/crm');
const SPRITE = 'marks.svg';
const FONT = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/** One line of a wordmark: words with their weights, a size relative to the cap height, and letter spacing in em. */
interface Line {
  words: { text: string; weight: number }[];
  size?: number;
  tracking?: number;
}
interface Wordmark {
  name: string;
  lines: Line[];
  /** A mark from an icon set (a 24-unit square path) in front of the name. */
  icon?: string;
}

// One weight of ink for all, with the spacing and case of each brand's own wordmark: a tracked CINC, a second
// line of small capitals under Sierra, bold and light halves where the name is two words run together.
const WORDMARKS: Wordmark[] = [
  { name: 'Follow Up Boss', lines: [{ words: [{ text: 'Follow Up Boss', weight: 750 }], tracking: -0.03 }] },
  { name: 'Lofty', lines: [{ words: [{ text: 'Lofty', weight: 800 }], tracking: -0.04 }] },
  { name: 'CINC', lines: [{ words: [{ text: 'CINC', weight: 800 }], tracking: 0.08 }] },
  {
    name: 'Real Geeks',
    lines: [
      {
        words: [
          { text: 'Real ', weight: 450 },
          { text: 'Geeks', weight: 800 },
        ],
        tracking: -0.02,
      },
    ],
  },
  { name: 'HighLevel', lines: [{ words: [{ text: 'HighLevel', weight: 800 }], tracking: -0.04 }] },
  {
    name: 'BoldTrail',
    lines: [
      {
        words: [
          { text: 'Bold', weight: 800 },
          { text: 'Trail', weight: 450 },
        ],
        tracking: -0.03,
      },
    ],
  },
  { name: 'HubSpot', icon: siHubspot.path, lines: [{ words: [{ text: 'HubSpot', weight: 750 }], tracking: -0.03 }] },
  { name: 'BoomTown', lines: [{ words: [{ text: 'BoomTown', weight: 800 }], tracking: -0.04 }] },
  {
    name: 'Sierra Interactive',
    lines: [
      { words: [{ text: 'Sierra', weight: 800 }], tracking: -0.02 },
      { words: [{ text: 'INTERACTIVE', weight: 650 }], size: 0.5, tracking: 0.12 },
    ],
  },
];

// Coordinates in hundredths of the cap height, whole numbers: a hundredth of a 14 px capital is far below a pixel.
const CAP = 100;
const LINE_GAP = 0.32;

const woff2 = fs.readFileSync(createRequire(import.meta.url).resolve(FONT));
const sfnt: Buffer = await convert(woff2, 'sfnt');
const face = new hb.Face(new hb.Blob(sfnt));
const font = new hb.Font(face);
const capHeight = 1490; // Inter's cap height in its 2048 units per em (OS/2 sCapHeight)
const unit = CAP / capHeight;

/** Sets one line at `baseline` (in output units, y down); returns its path and width. */
function setLine(line: Line, baseline: number): { d: string; width: number } {
  const scale = unit * (line.size ?? 1);
  const tracking = (line.tracking ?? 0) * face.upem;
  let pen = 0;
  const parts: string[] = [];
  // Words run on as written: a space between them is part of the text ('Real '), none in a name like BoldTrail.
  for (const word of line.words) {
    font.setVariations([hb.Variation.fromString(`wght=${word.weight}`)].filter((v) => v !== undefined));
    const buffer = new hb.Buffer();
    buffer.addText(word.text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const positions = buffer.getGlyphPositions();
    buffer.getGlyphInfos().forEach((info, glyph) => {
      const position = positions[glyph];
      if (!position) return;
      const x0 = pen + position.xOffset;
      for (const command of font.glyphToJson(info.codepoint)) {
        const values = command.values.map((value, i) =>
          Math.round(i % 2 === 0 ? (x0 + value) * scale : baseline - value * scale),
        );
        parts.push(command.type + values.join(' '));
      }
      pen += position.xAdvance + tracking;
    });
  }
  return { d: parts.join('').replace(/ -/g, '-'), width: (pen - tracking) * scale };
}

/** Moves every point of a path by (dx, dy) and scales it by k; returns the path and its bounds. */
function place(d: string, dx: number, dy: number, k = 1) {
  const bounds = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  const out = d.replace(/([MLQCZHVAmlqczhva])([^MLQCZHVAmlqczhva]*)/g, (_, type: string, args: string) => {
    const values = (args.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
    if (values.length === 0) return type;
    if (type !== type.toUpperCase() || 'HVA'.includes(type)) throw new Error(`unexpected path command ${type}`);
    const moved = values.map((value, i) => {
      const v = Math.round(i % 2 === 0 ? value * k + dx : value * k + dy);
      if (i % 2 === 0) {
        bounds.left = Math.min(bounds.left, v);
        bounds.right = Math.max(bounds.right, v);
      } else {
        bounds.top = Math.min(bounds.top, v);
        bounds.bottom = Math.max(bounds.bottom, v);
      }
      return v;
    });
    return type + moved.join(' ').replace(/ -/g, '-');
  });
  return { d: out, bounds };
}

const ICON_SIZE = 1.6 * CAP; // the sprocket fills little of its square: taller than the capitals, as in HubSpot's lockup
const ICON_GAP = 0.2 * CAP;

const drawn = WORDMARKS.map((mark) => {
  let baseline = 0;
  let width = 0;
  const lines: { d: string; width: number }[] = [];
  mark.lines.forEach((line, index) => {
    const size = line.size ?? 1;
    baseline += index === 0 ? CAP : CAP * LINE_GAP + CAP * size;
    const set = setLine(line, baseline);
    lines.push(set);
    width = Math.max(width, set.width);
  });
  const indent = mark.icon ? ICON_SIZE + ICON_GAP : 0;
  const parts = lines.map((line) => place(line.d, indent + (width - line.width) / 2, 0));
  // The icon keeps its own path data, placed and scaled as a whole, centred on the capitals.
  const iconTop = Math.round(CAP / 2 - ICON_SIZE / 2);
  const icon = mark.icon ? `<path transform="translate(0 ${iconTop}) scale(${ICON_SIZE / 24})" d="${mark.icon}"/>` : '';
  if (mark.icon) {
    parts.push({ d: '', bounds: { left: 0, top: iconTop, right: ICON_SIZE, bottom: iconTop + ICON_SIZE } });
  }
  const left = Math.min(...parts.map((part) => part.bounds.left));
  const top = Math.min(...parts.map((part) => part.bounds.top));
  const right = Math.max(...parts.map((part) => part.bounds.right));
  const bottom = Math.max(...parts.map((part) => part.bounds.bottom));
  return {
    name: mark.name,
    slug: mark.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    viewBox: [left, top, right - left, bottom - top] as const,
    d: parts.map((part) => part.d).join(''),
    icon,
  };
});

// One file for all nine: each mark drawn below the one before, and a <view> that frames it, which the page names
// after the file (`marks.svg#cinc`). The browser then parses one SVG document for the whole wall of marks rather than
// one per mark (docs/decisions/0023-one-document-for-the-crm-marks.md).
const MARK_GAP = CAP;
let top = 0;
const placed = drawn.map((mark) => {
  const [left, markTop, width, height] = mark.viewBox;
  const dy = top - markTop;
  top += height + MARK_GAP;
  return { ...mark, dy, view: [left, markTop + dy, width, height] };
});
const sprite = [
  '<svg xmlns="http://www.w3.org/2000/svg"><title>The CRMs Porchlight works with</title>',
  ...placed.map(({ slug, view }) => `<view id="${slug}" viewBox="${view.join(' ')}"/>`),
  ...placed.map(
    ({ name, icon, d, dy }) => `<g transform="translate(0 ${dy})"><title>${name}</title>${icon}<path d="${d}"/></g>`,
  ),
  '</svg>',
].join('\n');
fs.mkdirSync(SVG_DIR, { recursive: true });
fs.writeFileSync(path.join(SVG_DIR, SPRITE), `${sprite}\n`);
const body = drawn
  .map(
    ({ name, slug, viewBox: [, , width, height] }) =>
      `  ${/^[A-Za-z]\w*$/.test(name) ? name : `'${name}'`}: { src: '/images/crm/${SPRITE}#${slug}', width: ${width}, height: ${height} },`,
  )
  .join('\n');
fs.writeFileSync(
  OUT,
  `// Written by scripts/draw-crm-wordmarks.ts: edit the marks there and run it again.
// Each mark's view in the marks' file, and its box in hundredths of its cap height.

export interface CrmMark {
  src: string;
  width: number;
  height: number;
}

export const CRM_MARKS = {
${body}
} as const satisfies Record<string, CrmMark>;
`,
);
console.log(
  `${drawn.length} marks in ${path.relative(ROOT, path.join(SVG_DIR, SPRITE))}, sizes in ${path.relative(ROOT, OUT)}`,
);
