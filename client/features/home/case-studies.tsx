import { Island } from '#client/islands/island.tsx';
import { Section } from './section.tsx';

export function CaseStudies() {
  return (
    <Section id="case-studies" eyebrow="Case Studies" title="What happens when every lead gets a fast first touch">
      <Island name="case-studies" load="visible" props={{}} />
    </Section>
  );
}
