import { z } from 'zod';

// The shape of every content file, checked when the site is built (content/compile.ts): a malformed
// file fails the build with its path. The browser gets the checked data, not these schemas.
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-mm-dd');
const text = z.string().trim().min(1);

const keywords = z.array(text).min(1);

export const postFrontMatter = z
  .object({
    id: z.number().int().positive(),
    title: text,
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
    excerpt: text,
    author: text,
    date: isoDate,
    /** When the article was last revised: its modified time and its sitemap lastmod. */
    updated: isoDate.optional(),
    coverImage: z.string().startsWith('/'),
    categories: z.array(text).min(1),
  })
  .refine((post) => post.updated === undefined || post.updated >= post.date, {
    path: ['updated'],
    message: 'must not be before date',
  });
export type PostFrontMatter = z.infer<typeof postFrontMatter>;
/** A post as the site uses it: its front matter, and what the build works out from its words. */
export type PostMeta = PostFrontMatter & { readingMinutes: number };

export const pageFrontMatter = z
  .object({
    title: text,
    description: text.max(200),
    lead: text,
    keywords: keywords.optional(),
    /** Last change to the page's words: shown as 'Last updated' and used as its sitemap lastmod. */
    updated: isoDate.optional(),
    /** Kept out of search results and the sitemap, e.g. the page reached only after booking. */
    noIndex: z.boolean().optional(),
  })
  // Every page in the sitemap carries a lastmod, so an indexable page must say when it last changed.
  .refine((page) => page.noIndex === true || page.updated !== undefined, {
    path: ['updated'],
    message: 'is required for a page search engines index (it is the sitemap lastmod)',
  });
export type PageMeta = z.infer<typeof pageFrontMatter>;

const titled = z.object({ title: text, body: text });

export const homeContent = z.object({
  /** Last change to the home page's words, its FAQ or its case study: the home page's sitemap lastmod. */
  updated: isoDate,
  heroLead: text,
  steps: z.array(titled).length(4),
  features: z.array(titled).length(4),
  results: z.array(text).length(3),
  integrationsNote: text,
  compliance: z.array(titled).min(4),
  everythingIncluded: z.array(text).length(9),
  learnMore: titled,
});
export type HomeContent = z.infer<typeof homeContent>;

export const faqContent = z.array(z.object({ question: text, answer: text })).min(1);
export type FaqItem = z.infer<typeof faqContent>[number];

export const caseStudyContent = z.object({
  title: text,
  summary: text,
  challenge: text,
  approach: text,
  result: text,
  keyTakeaway: text,
});
export type CaseStudy = z.infer<typeof caseStudyContent>;

export const teamContent = z
  .array(
    z.object({
      slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
      name: text,
      role: text,
      bio: text,
      intro: text,
      focus: z.array(text).min(1),
      /** Last change to this person's entry: their page's sitemap lastmod. */
      updated: isoDate,
    }),
  )
  .min(1);
export type TeamMember = z.infer<typeof teamContent>[number];

const path = z.string().regex(/^\/[\w\-/#]*$/, "must be a site path such as '/about-us'");
const navItem = z.union([
  z.object({ label: text, section: z.string().regex(/^[a-z-]+$/, 'must be a home-page section id') }),
  z.object({ label: text, to: path }),
]);
const footerLink = z.object({ label: text, to: path });

/** Site facts (content/site.ts): brand, contact details, social links and navigation. */
export const siteSchema = z.object({
  site: z.object({
    name: text,
    tagline: text,
    headline: text,
    description: text,
    /** The home page's keywords meta. */
    keywords: z.array(text).min(1),
    contact: z.object({
      phone: z.string().regex(/^\+1\d{10}$/, 'must be E.164: +1 and 10 digits'),
      phoneDisplay: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, "must read like '(210) 555-0142'"),
      email: z.email(),
      address: z.object({
        street: text,
        city: text,
        region: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter state code'),
        postalCode: z.string().regex(/^\d{5}$/, 'must be a five-digit ZIP code'),
      }),
    }),
    social: z.object({
      twitter: z.url({ protocol: /^https$/ }),
      linkedin: z.url({ protocol: /^https$/ }),
      facebook: z.url({ protocol: /^https$/ }),
    }),
  }),
  mainNav: z.array(navItem).min(1),
  footerNav: z.object({ company: z.array(footerLink).min(1), legal: z.array(footerLink).min(1) }),
});
export type SiteFacts = z.infer<typeof siteSchema>;

const scriptLine = z.string().trim().min(1).max(2000);

/**
 * The demo call the local call driver plays (server/calls/local-call-driver.ts): steps in order, each after a
 * delay, each one state, one line spoken (heard as partial lines over `speakMs`, then final), fields learned
 * or the summary. The call's states only go forward, and the summary comes last.
 */
export const demoCallScript = z.object({
  about: text,
  steps: z
    .array(
      z.union([
        z.object({
          afterMs: z.number().int().min(0).max(60_000),
          state: z.enum(['ringing', 'in-progress', 'ended']),
          outcome: z.enum(['completed', 'no-answer', 'busy', 'voicemail', 'failed']).optional(),
        }),
        z.object({
          afterMs: z.number().int().min(0).max(60_000),
          speakMs: z.number().int().min(0).max(60_000),
          say: z.enum(['assistant', 'caller']),
          text: scriptLine,
        }),
        z.object({
          afterMs: z.number().int().min(0).max(60_000),
          fields: z
            .object({
              timeline: text,
              financing: text,
              area: text,
              budget: text,
              showingBooked: z.boolean(),
              showingTime: text,
            })
            .partial(),
        }),
        z.object({
          afterMs: z.number().int().min(0).max(60_000),
          summary: z.object({ learned: scriptLine, nextStep: scriptLine }),
        }),
      ]),
    )
    .min(1)
    .refine((steps) => 'summary' in (steps.at(-1) ?? {}), 'must end with the summary'),
});
export type DemoCallScript = z.infer<typeof demoCallScript>;

/** Which schema checks which file, by its path inside content/. */
export const jsonSchemas: Record<string, z.ZodType> = {
  'home.json': homeContent,
  'faq.json': faqContent,
  'case-study.json': caseStudyContent,
  'team.json': teamContent,
  'demo-call-script.json': demoCallScript,
};

export function markdownSchemaFor(relativePath: string): z.ZodType {
  return relativePath.startsWith('blog/') ? postFrontMatter : pageFrontMatter;
}
