import { z } from 'zod';

// The shape of every content file, checked when the site is built (content/compile.ts): a malformed
// file fails the build with its path. The browser gets the checked data, not these schemas.
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-mm-dd');
const text = z.string().trim().min(1);

export const postFrontMatter = z.object({
  id: z.number().int().positive(),
  title: text,
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
  excerpt: text,
  author: text,
  date: isoDate,
  readingTime: z.string().regex(/^\d+ min read$/, "must read like '6 min read'"),
  coverImage: z.string().startsWith('/'),
  categories: z.array(text).min(1),
});
export type PostMeta = z.infer<typeof postFrontMatter>;

export const pageFrontMatter = z.object({
  title: text,
  description: text.max(200),
  lead: text,
  updated: isoDate.optional(),
});
export type PageMeta = z.infer<typeof pageFrontMatter>;

const titled = z.object({ title: text, body: text });

export const homeContent = z.object({
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
    }),
  )
  .min(1);
export type TeamMember = z.infer<typeof teamContent>[number];

/** Which schema checks which file, by its path inside content/. */
export const jsonSchemas: Record<string, z.ZodType> = {
  'home.json': homeContent,
  'faq.json': faqContent,
  'case-study.json': caseStudyContent,
  'team.json': teamContent,
};

export function markdownSchemaFor(relativePath: string): z.ZodType {
  return relativePath.startsWith('blog/') ? postFrontMatter : pageFrontMatter;
}
