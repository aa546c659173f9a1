import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="Your demo is booked"
      lead="Thanks for booking a call with Porchlight. A calendar invitation is on its way to your inbox with the time and the video link."
    >
      <Seo
        title="Demo booked"
        description="Your Porchlight demo is booked. Here is what happens before and during the call."
        path="/meeting-confirmation"
        noIndex
      />
    </Page>
  );
}
