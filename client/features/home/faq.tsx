import { Island } from '#client/islands/island.tsx';
import { Section } from './section.tsx';

export function Faq() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Questions agents ask us" tone="muted">
      <Island name="faq" load="visible" props={{}} />
    </Section>
  );
}
