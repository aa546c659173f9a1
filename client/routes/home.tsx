import { lazy } from 'react';
import faq from '#content/faq.json';
import { site } from '#content/site.ts';
import { HydrateLater } from '../components/hydration-signal.tsx';
import { Seo } from '../components/seo.tsx';
import { faqPageJsonLd } from '../components/structured-data.ts';
import { Hero } from '../features/home/hero.tsx';
import { LazyWhenVisible } from '../features/home/lazy-when-visible.tsx';

// Sections below the hero are separate chunks: the server renders them into the page as usual, and the
// browser hydrates each one when its code arrives, so they do not weigh on the first interaction. Each has
// its own Suspense boundary (HydrateLater), so each hydrates and commits as its own short task (React yields between them)
// instead of all of them in one long one.
const HowItWorks = lazy(() => import('../features/home/how-it-works.tsx').then((m) => ({ default: m.HowItWorks })));
const Integrations = lazy(() => import('../features/home/integrations.tsx').then((m) => ({ default: m.Integrations })));
const WhyChoose = lazy(() => import('../features/home/why-choose.tsx').then((m) => ({ default: m.WhyChoose })));
const Compliance = lazy(() => import('../features/home/compliance.tsx').then((m) => ({ default: m.Compliance })));
const PricingSection = lazy(() =>
  import('../features/home/pricing-section.tsx').then((m) => ({ default: m.PricingSection })),
);
const CaseStudies = lazy(() => import('../features/home/case-studies.tsx').then((m) => ({ default: m.CaseStudies })));
const LatestInsights = lazy(() =>
  import('../features/home/latest-insights.tsx').then((m) => ({ default: m.LatestInsights })),
);
const Faq = lazy(() => import('../features/home/faq.tsx').then((m) => ({ default: m.Faq })));
const loadLearnMore = () => import('../features/home/learn-more.tsx').then((m) => ({ default: m.LearnMore }));

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
