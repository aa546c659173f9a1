import { css } from '@emotion/react';
import { Link } from 'react-router';
import { posts } from '#content/posts.ts';
import { Section } from './section.tsx';

const LATEST_COUNT = 3;

const grid = css`
  display: grid;
  gap: var(--space-4);
  grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr));
  margin: 0 0 var(--space-6);
  padding: 0;
  list-style: none;
  article {
    height: 100%;
    padding: var(--space-6);
    border: 1px solid var(--color-border);
    border-radius: calc(var(--radius) * 1.25);
    background: var(--color-surface);
  }
  h3 {
    margin: 0 0 var(--space-2);
    font-size: 1.125rem;
  }
  h3 a {
    color: var(--color-text);
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  p {
    margin: 0;
    color: var(--color-muted);
  }
`;

/** SPEC §2: the three newest articles by date, and a link to all of them. */
export function LatestInsights() {
  return (
    <Section id="insights" eyebrow="Latest Insights" title="Ideas for converting more of your leads">
      <ul css={grid}>
        {posts.slice(0, LATEST_COUNT).map((post) => (
          <li key={post.slug}>
            <article>
              <h3>
                <Link to={`/blog/${post.slug}`}>{post.title}</Link>
              </h3>
              <p>{post.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
      <Link to="/blogs">View all articles</Link>
    </Section>
  );
}
