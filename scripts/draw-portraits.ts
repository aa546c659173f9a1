// `node scripts/draw-portraits.ts`: draws each team member's portrait (content/team.json) as an SVG in
// client/public/images/team/<slug>.svg (committed: run again after adding a person or changing a look here). They are
// illustrations in the style of the blog covers (flat shapes, the covers' warm palette and dark outline), never
// photographs: the team has none to show, and a stock face would be someone else.
import fs from 'node:fs';
import path from 'node:path';
import team from '#content/team.json' with { type: 'json' };

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'client/public/images/team');

const INK = '#1c1b19';
const SKIN = ['#f1c7a3', '#e0ac84', '#c68a5e', '#a8704b', '#7a4a2f'] as const;
const HAIR = ['#1c1b19', '#3b2a1e', '#6b4423', '#a0522d', '#a8a29e'] as const;
const SHIRT = ['#b45309', '#57534e', '#f59e0b', INK, '#d97706'] as const;

type HairStyle = 'long' | 'short' | 'bun' | 'buzz' | 'curly';
interface Look {
  skin: string;
  hair: string;
  style: HairStyle;
  shirt: string;
  glasses?: boolean;
  beard?: boolean;
}

// How each person is drawn. Someone added to team.json without a line here still gets a portrait, its look picked
// from their name, until one is written.
const LOOKS: Record<string, Look> = {
  'dana-whitfield': { skin: SKIN[0], hair: HAIR[2], style: 'long', shirt: SHIRT[0] },
  'marcus-ortega': { skin: SKIN[2], hair: HAIR[0], style: 'short', shirt: SHIRT[1], beard: true },
  'priya-natarajan': { skin: SKIN[3], hair: HAIR[0], style: 'bun', shirt: SHIRT[2] },
  'owen-castillo': { skin: SKIN[1], hair: HAIR[1], style: 'buzz', shirt: SHIRT[3], glasses: true },
  'tasha-greene': { skin: SKIN[4], hair: HAIR[0], style: 'curly', shirt: SHIRT[4] },
};

function pick<T>(list: readonly T[], seed: number): T {
  const item = list[seed % list.length];
  if (item === undefined) throw new Error('empty list');
  return item;
}

function lookFor(slug: string): Look {
  const known = LOOKS[slug];
  if (known) return known;
  let seed = 0;
  for (const char of slug) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  const styles: HairStyle[] = ['long', 'short', 'bun', 'buzz', 'curly'];
  return {
    skin: pick(SKIN, seed),
    hair: pick(HAIR, seed >>> 3),
    style: pick(styles, seed >>> 6),
    shirt: pick(SHIRT, seed >>> 9),
    glasses: (seed >>> 12) % 3 === 0,
  };
}

/** A colour a little darker, for the neck in the head's shadow. */
function shade(hex: string, factor: number): string {
  const channels = [1, 3, 5].map((at) => Math.round(Number.parseInt(hex.slice(at, at + 2), 16) * factor));
  return `#${channels.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

const outline = `stroke="${INK}" stroke-width="3" stroke-linejoin="round"`;

function hairBehind(look: Look): string {
  if (look.style !== 'long') return '';
  return `<path d="M49 68C45 40 64 29 80 29C97 29 116 40 111 68L115 118C101 125 59 125 45 118Z" fill="${look.hair}" ${outline}/>`;
}

function hairFront(look: Look): string {
  const fill = `fill="${look.hair}" ${outline}`;
  switch (look.style) {
    case 'long':
      return `<path d="M53 70C52 45 66 36 82 37C98 38 109 48 107 70C97 57 85 50 70 54C62 57 57 62 53 70Z" ${fill}/>`;
    case 'short':
      return `<path d="M53 68C51 44 66 35 81 35C97 35 110 44 107 68C104 58 97 51 88 50C78 54 64 54 53 68Z" ${fill}/>`;
    case 'bun':
      return `<circle cx="80" cy="34" r="11" ${fill}/><path d="M53 70C52 46 66 38 80 38C94 38 108 46 107 70C100 57 90 51 80 51C70 51 60 57 53 70Z" ${fill}/>`;
    case 'buzz':
      return `<path d="M55 60C56 45 67 39 80 39C93 39 104 45 105 60C98 52 90 48 80 48C70 48 62 52 55 60Z" ${fill}/>`;
    case 'curly': {
      const curls = [
        [56, 56],
        [60, 44],
        [70, 37],
        [82, 35],
        [94, 38],
        [103, 46],
        [106, 58],
      ]
        .map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="11" ${fill}/>`)
        .join('');
      // One shape over the inner edges of the curls, so they read as one head of hair.
      return `${curls}<path d="M58 60C60 46 70 42 80 42C92 42 102 47 104 60C96 53 88 50 80 50C70 50 63 54 58 60Z" fill="${look.hair}"/>`;
    }
  }
}

function portrait(look: Look, title: string): string {
  const neck = shade(look.skin, 0.86);
  const parts = [
    // The covers' ground and warm glow; the ground darkens in the dark theme, as the covers' does.
    `<rect class="ground" width="160" height="160" fill="#f3efe7"/>`,
    `<circle cx="128" cy="30" r="46" fill="#f59e0b" opacity="0.18"/>`,
    hairBehind(look),
    `<path d="M18 162C22 124 48 110 80 110C112 110 138 124 142 162Z" fill="${look.shirt}" ${outline}/>`,
    `<path d="M68 92H92V112C92 119 68 119 68 112Z" fill="${neck}" ${outline}/>`,
    `<path d="M70 112L80 122L90 112" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<ellipse cx="54" cy="73" rx="5" ry="7" fill="${look.skin}" ${outline}/>`,
    `<ellipse cx="106" cy="73" rx="5" ry="7" fill="${look.skin}" ${outline}/>`,
    `<ellipse cx="80" cy="70" rx="26" ry="30" fill="${look.skin}" ${outline}/>`,
    look.beard
      ? `<path d="M56 76C58 97 68 102 80 102C92 102 102 97 104 76C101 90 93 95 80 95C67 95 59 90 56 76Z" fill="${look.hair}" ${outline}/>`
      : '',
    hairFront(look),
    `<circle cx="70" cy="72" r="2.8" fill="${INK}"/><circle cx="90" cy="72" r="2.8" fill="${INK}"/>`,
    `<path d="M65 64Q70 61 75 63M85 63Q90 61 95 64" fill="none" stroke="${INK}" stroke-width="2.4" stroke-linecap="round"/>`,
    `<circle cx="64" cy="82" r="4.5" fill="#f59e0b" opacity="0.25"/><circle cx="96" cy="82" r="4.5" fill="#f59e0b" opacity="0.25"/>`,
    `<path d="M71 85Q80 92 89 85" fill="none" stroke="${INK}" stroke-width="2.6" stroke-linecap="round"/>`,
    look.glasses
      ? `<g fill="none" stroke="${INK}" stroke-width="2.4"><circle cx="70" cy="72" r="8"/><circle cx="90" cy="72" r="8"/><path d="M78 72H82M62 71L55 69M98 71L105 69"/></g>`
      : '',
  ];
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img">',
    `<title>${title}</title>`,
    '<style>@media (prefers-color-scheme: dark){.ground{fill:#3a352d}}</style>',
    '<defs><clipPath id="c"><circle cx="80" cy="80" r="80"/></clipPath></defs>',
    // The figure drawn at a comfortable size, then enlarged to fill the frame from the shoulders up.
    `<g clip-path="url(#c)">${parts[0]}${parts[1]}<g transform="translate(80 100) scale(1.2) translate(-80 -100)">${parts.slice(2).join('')}</g></g>`,
    '</svg>',
    '',
  ].join('\n');
}

fs.mkdirSync(OUT, { recursive: true });
for (const person of team)
  fs.writeFileSync(path.join(OUT, `${person.slug}.svg`), portrait(lookFor(person.slug), `Portrait of ${person.name}`));
console.log(`${team.length} portraits in ${path.relative(ROOT, OUT)}`);
