import { Page } from '../components/page.tsx';

export function Component() {
  return (
    <Page
      title="Client Dashboard"
      lead="Your monthly lead volume at a glance. This dashboard is private to your team and needs your client password."
    >
      <title>Client Dashboard | Porchlight</title>
      <meta name="robots" content="noindex, nofollow" />
    </Page>
  );
}
