import { ContentPage } from '#client/components/content-page.tsx';
import { ContactButton } from '#client/features/contact/contact-button.tsx';
import { html, meta } from '#content/pages/about-us.md';

// The careers section is the body's '## Careers' heading, whose id is 'careers' (/about-us#careers).
export function Component() {
  return (
    <ContentPage {...meta} html={html} path="/about-us" callToAction={<ContactButton>Contact Us</ContactButton>} />
  );
}
