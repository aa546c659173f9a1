export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO yyyy-mm-dd. */
  date: string;
  categories: string[];
}

// SPEC §3: the five articles and their dates.
export const posts: PostSummary[] = [
  {
    id: 1,
    slug: 'lead-qualification-with-voice-ai',
    title: 'How Voice AI Qualifies Real-Estate Leads Before You Pick Up the Phone',
    excerpt:
      'Timeline, financing, motivation and location: how an AI inside sales assistant asks the questions a good ISA asks, and hands you only the conversations worth your time.',
    author: 'Dana Whitfield',
    date: '2024-03-15',
    categories: ['AI Technology', 'Lead Generation', 'Real Estate Strategy'],
  },
  {
    id: 2,
    slug: 'best-times-to-call-real-estate-leads',
    title: 'The Best Times to Call Real-Estate Leads, From 30,000+ Calls',
    excerpt:
      'Speed beats everything, but timing comes second. What our call data says about the hours and days when buyers and sellers actually answer.',
    author: 'Marcus Ortega',
    date: '2024-02-28',
    categories: ['Lead Management', 'Sales Techniques'],
  },
  {
    id: 3,
    slug: 'real-estate-call-scripts-that-work',
    title: 'Real-Estate Call Scripts That Work (and Why They Work)',
    excerpt:
      'Openers, qualifying questions and objection handling for online leads, written for the first sixty seconds of a call that the lead did not expect.',
    author: 'Dana Whitfield',
    date: '2024-04-02',
    categories: ['Sales Techniques', 'Agent Resources'],
  },
  {
    id: 4,
    slug: 'from-cold-to-conversational',
    title: 'From Cold to Conversational: Nurturing Leads Who Are Not Ready Yet',
    excerpt:
      'Most online leads buy six to eighteen months out. A 90-day call, text and e-mail cadence that keeps you in the conversation without wearing out your welcome.',
    author: 'Priya Natarajan',
    date: '2024-03-22',
    categories: ['Lead Nurturing', 'Conversion Strategies'],
  },
  {
    id: 5,
    slug: 'why-top-agents-let-ai-handle-the-first-call',
    title: 'Why Top Agents Let AI Handle the First Call',
    excerpt:
      'The first call decides whether a lead becomes a client, and it usually comes at the worst moment. How top producers protect their time and still answer in seconds.',
    author: 'Marcus Ortega',
    date: '2024-04-10',
    categories: ['Business Strategy', 'AI Technology'],
  },
];

export function findPost(slug: string): PostSummary | undefined {
  return posts.find((post) => post.slug === slug);
}
