import { Seo } from '#client/components/seo.tsx';
import { faqPageJsonLd } from '#client/components/structured-data.ts';
import { CaseStudies } from '#client/features/home/case-studies.tsx';
import { Compliance } from '#client/features/home/compliance.tsx';
import { Faq } from '#client/features/home/faq.tsx';
import { HowItWorks } from '#client/features/home/how-it-works.tsx';
import { Integrations } from '#client/features/home/integrations.tsx';
import { LatestInsights } from '#client/features/home/latest-insights.tsx';
import { LearnMore } from '#client/features/home/learn-more.tsx';
import { PricingSection } from '#client/features/home/pricing-section.tsx';
import { WhyChoose } from '#client/features/home/why-choose.tsx';
import { Island } from '#client/islands/island.tsx';
import faq from '#content/faq.json';
import { site } from '#content/site.ts';

// The page is server HTML; its interactive parts are islands, each hydrated when it is due
// (docs/decisions/0020-marketing-pages-as-islands.md). The sections below the first screen are laid out when the
// browser is idle (docs/decisions/0014-sections-laid-out-when-idle.md).

/** The home page's sections, in order; their ids are the anchors the navigation scrolls to. */
export function Component() {
  return (
    <>
      {/* The FAQ renders on this page, so its questions and answers are described as a FAQPage too. */}
      <Seo
        title={site.name}
        description={site.description}
        path="/"
        keywords={site.keywords}
        structuredData={[faqPageJsonLd(faq)]}
      />
      <Island name="hero" props={{}} />
      <HowItWorks />
      <Integrations />
      <WhyChoose />
      <Compliance />
      <PricingSection />
      <CaseStudies />
      <LatestInsights />
      <Faq />
      <LearnMore />
    </>
  );
}
