import { css } from '@emotion/react';
import { Link } from 'react-router';
import { BlogCardList } from '#client/features/blog/blog-card.tsx';
import { posts } from '#content/posts.ts';
import { Section } from './section.tsx';

/** Latest Insights shows three articles. */
const LATEST_COUNT = 3;

const allArticles = css`
  display: inline-block;
  margin-top: var(--space-6);
  color: var(--color-link);
  font-weight: 600;
  text-underline-offset: 3px;
`;

/**
 * The three newest articles by date as the blog's own cards, and a link to all of them. The section is far below the
 * fold, so the covers stay lazy (they load as the visitor scrolls near them).
 */
export function LatestInsights() {
  return (
    <Section id="insights" eyebrow="Latest Insights" title="Ideas for converting more of your leads">
      <BlogCardList posts={posts.slice(0, LATEST_COUNT)} layout="grid" headingLevel={3} />
      <Link css={allArticles} to="/blogs">
        View all articles
      </Link>
    </Section>
  );
}
