import type { SiteFacts } from './schema.ts';

// Site facts in one place: rename the product or move the office here and every page follows. Their schema
// check (content/site-check.ts) runs where zod already is, when the content plugin starts every build and the
// dev server, so a broken fact stops them; the browser loads no validator for constants.
export const { site, mainNav, footerNav } = siteFacts();

/** The facts as written, before they are checked. */
export function siteFacts(): SiteFacts {
  return {
    site: {
      name: 'Porchlight',
      tagline: 'The AI-powered inside sales assistant for real-estate professionals.',
      headline: 'Your Real Estate Voice AI Partner That Never Misses A Lead.',
      description:
        'Porchlight is a voice-AI inside sales assistant that calls, texts and e-mails your real-estate leads within seconds, qualifies them and books appointments or live-transfers them to your team.',
      keywords: [
        'real estate voice AI',
        'AI inside sales assistant',
        'real estate ISA',
        'speed to lead',
        'real estate lead follow-up',
        'lead qualification',
        'live transfers',
        'real estate lead conversion',
      ],
      contact: {
        phone: '+12105550142',
        phoneDisplay: '(210) 555-0142',
        email: 'hello@porchlight.ai',
        address: { street: '110 E Houston St, Suite 700', city: 'San Antonio', region: 'TX', postalCode: '78205' },
      },
      social: {
        twitter: 'https://twitter.com/porchlightai',
        linkedin: 'https://www.linkedin.com/company/porchlight-ai',
        facebook: 'https://www.facebook.com/porchlightai',
      },
    },
    /** Header navigation: section items scroll on the home page. */
    mainNav: [
      { label: 'How It Works', section: 'process' },
      { label: 'Integrations', section: 'integrations' },
      { label: 'Pricing', section: 'pricing' },
      { label: 'Blog', to: '/blogs' },
      { label: 'Affiliate Program', to: '/affiliate-program' },
      { label: 'Lead Generation', to: '/lead-generation' },
      { label: 'About Us', to: '/about-us' },
    ],
    footerNav: {
      company: [
        { label: 'About Us', to: '/about-us' },
        { label: 'Our Team', to: '/team' },
        { label: 'Careers', to: '/about-us#careers' },
        { label: 'Blog', to: '/blogs' },
      ],
      legal: [
        { label: 'Terms of Service', to: '/policies' },
        { label: 'Privacy Policy', to: '/privacy' },
        { label: 'Cookie Policy', to: '/consent-policies' },
      ],
    },
  };
}
