import { lazy } from 'react';
import { HydrateLater } from '#client/components/hydration-signal.tsx';
import { LazyWhenVisible } from '#client/components/lazy-when-visible.tsx';
import { Seo } from '#client/components/seo.tsx';
import { faqPageJsonLd } from '#client/components/structured-data.ts';
import { Hero } from '#client/features/home/hero.tsx';
import faq from '#content/faq.json';
import { site } from '#content/site.ts';

// Sections below the hero are separate chunks: the server renders them into the page as usual, and the
// browser hydrates each one when its code arrives, so they do not weigh on the first interaction. Each has
// its own Suspense boundary (HydrateLater), so each hydrates and commits as its own short task (React yields
// between them) instead of all of them in one long one.
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
      <Hero />
      <HydrateLater>
        <HowItWorks />
      </HydrateLater>
      <HydrateLater>
        <Integrations />
      </HydrateLater>
      <HydrateLater>
        <WhyChoose />
      </HydrateLater>
      <HydrateLater>
        <Compliance />
      </HydrateLater>
      <HydrateLater>
        <PricingSection />
      </HydrateLater>
      <HydrateLater>
        <CaseStudies />
      </HydrateLater>
      <HydrateLater>
        <LatestInsights />
      </HydrateLater>
      <HydrateLater>
        <Faq />
      </HydrateLater>
      <LazyWhenVisible load={loadLearnMore} minHeight="20rem" />
    </>
  );
}
