import { css } from '@emotion/react';
import home from '#content/home.json';
import { CRM_MARKS, type CrmMark } from './crm-marks.ts';
import { Section } from './section.tsx';

// The nine named CRM integrations (docs/product-rules.md#content).
export const CRMS = [
  'Follow Up Boss',
  'Lofty',
  'CINC',
  'Real Geeks',
  'HighLevel',
  'BoldTrail',
  'HubSpot',
  'BoomTown',
  'Sierra Interactive',
] as const;

// Each CRM's mark (scripts/draw-crm-wordmarks.ts): HubSpot's sprocket from Simple Icons before its name, the others'
// names as their brands spell them, drawn as outlines. A mark is a mask over the tile's text colour, so it takes the
// ink of either theme, and its drawing costs the page's code nothing.

/** Ink of about the same weight for every mark: a long name is set smaller, a short one larger, within bounds. */
const REFERENCE_AREA = 550 * 110;
function capScale({ width, height }: CrmMark): number {
  return Math.min(1.2, Math.max(0.8, (REFERENCE_AREA / (width * height)) ** 0.4));
}

function markStyles(mark: CrmMark) {
  return css`
    height: calc(var(--cap) * ${((mark.height / 100) * capScale(mark)).toFixed(3)});
    aspect-ratio: ${mark.width} / ${mark.height};
    /* Longhands: the HTML checker's CSS profile knows the mask shorthand only as SVG's. Prefixed too, for Safari
       before 15.4, which would otherwise paint each mark as a solid block (client/styles/style-cache.ts). */
    -webkit-mask-image: url(${mark.src});
    -webkit-mask-position: center;
    -webkit-mask-size: contain;
    -webkit-mask-repeat: no-repeat;
    mask-image: url(${mark.src});
    mask-position: center;
    mask-size: contain;
    mask-repeat: no-repeat;
  `;
}

const MARK_STYLES = Object.fromEntries(CRMS.map((name) => [name, markStyles(CRM_MARKS[name])]));

const grid = css`
  --cap: clamp(0.8125rem, 2.6vw, 1.375rem);
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: var(--space-3);
  margin: 0 0 var(--space-6);
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 5rem;
    padding: var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
    background: var(--color-surface);
    color: var(--color-text);
  }
  .mark {
    display: block;
    flex: none;
    max-width: 100%;
    background: currentColor;
  }
`;

export function Integrations() {
  return (
    <Section
      id="integrations"
      eyebrow="Integrations"
      title="Works with the CRM you already run"
      intro="Leads arrive from your CRM, and every call, text, transcript and appointment syncs back to it."
    >
      <ul css={grid}>
        {CRMS.map((name) => (
          <li key={name} data-crm={name}>
            <span className="mark" css={MARK_STYLES[name]} aria-hidden="true" />
            <span className="visually-hidden">{name}</span>
          </li>
        ))}
      </ul>
      <p>{home.integrationsNote}</p>
    </Section>
  );
}
