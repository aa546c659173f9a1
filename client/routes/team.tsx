import { ContentPage } from '#client/components/content-page.tsx';
import { TeamList } from '#client/features/team/team-list.tsx';
import { html, meta } from '#content/pages/team.md';
import { team } from '#content/team.ts';

// No SEO tags on the team page, only its title (docs/product-rules.md#pages).
export function Component() {
  return <ContentPage {...meta} html={html} path="/team" seo="title-only" beforeBody={<TeamList people={team} />} />;
}
