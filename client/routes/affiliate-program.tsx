import { html, meta } from '#content/pages/affiliate-program.md';
import { ContentPage } from '../components/content-page.tsx';
import { ContactButton } from '../features/contact/contact-button.tsx';

export function Component() {
  return (
    <ContentPage
      {...meta}
      html={html}
      path="/affiliate-program"
      callToAction={<ContactButton>Contact Us</ContactButton>}
    />
  );
}
