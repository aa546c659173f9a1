import { lazy, Suspense } from 'react';
import { LazyWhenVisible } from '#client/components/lazy-when-visible.tsx';
import { Seo } from '#client/components/seo.tsx';
import { faqPageJsonLd } from '#client/components/structured-data.ts';
import { Hero } from '#client/features/home/hero.tsx';
import faq from '#content/faq.json';
import { site } from '#content/site.ts';

// Sections below the hero are separate chunks: the server renders them into the page as usual, and the
// browser hydrates each one when its code arrives, so they do not weigh on the first interaction.
const HowItWorks = lazy(() =>
  import('#client/features/home/how-it-works.tsx').then((m) => ({ default: m.HowItWorks })),
);
const Integrations = lazy(() =>
  import('#client/features/home/integrations.tsx').then((m) => ({ default: m.Integrations })),
);
const WhyChoose = lazy(() => import('#client/features/home/why-choose.tsx').then((m) => ({ default: m.WhyChoose })));
const Compliance = lazy(() => import('#client/features/home/compliance.tsx').then((m) => ({ default: m.Compliance })));
const PricingSection = lazy(() =>
  import('#client/features/home/pricing-section.tsx').then((m) => ({ default: m.PricingSection })),
);
const CaseStudies = lazy(() =>
  import('#client/features/home/case-studies.tsx').then((m) => ({ default: m.CaseStudies })),
);
const LatestInsights = lazy(() =>
  import('#client/features/home/latest-insights.tsx').then((m) => ({ default: m.LatestInsights })),
);
const Faq = lazy(() => import('#client/features/home/faq.tsx').then((m) => ({ default: m.Faq })));
const loadLearnMore = () => import('#client/features/home/learn-more.tsx').then((m) => ({ default: m.LearnMore }));

/** SPEC §2 "Home page sections", in order. */
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
      <Hero />
      <Suspense fallback={null}>
        <HowItWorks />
        <Integrations />
        <WhyChoose />
        <Compliance />
        <PricingSection />
        <CaseStudies />
        <LatestInsights />
        <Faq />
      </Suspense>
      <LazyWhenVisible load={loadLearnMore} minHeight="20rem" />
    </>
  );
}
