import { css } from '@emotion/react';
import { useSearchParams } from 'react-router';
import { Seo } from '#client/components/seo.tsx';
import { BlogCardList } from '#client/features/blog/blog-card.tsx';
import { blogIndex } from '#client/features/blog/blog-index.ts';
import { LayoutSwitch, layoutFrom } from '#client/features/blog/layout-switch.tsx';
import { posts } from '#content/posts.ts';

const page = css`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: var(--space-12) var(--space-4);
  > header {
    max-width: 46rem;
    margin-bottom: var(--space-6);
  }
  h1 {
    margin: 0 0 var(--space-4);
    font-size: clamp(2rem, 5vw, 3rem);
  }
  .lead {
    margin: 0;
    color: var(--color-muted);
    font-size: 1.1875rem;
  }
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-4);
    margin-bottom: var(--space-6);
  }
  .count {
    margin: 0;
    color: var(--color-muted);
  }
`;

/** Every article, newest first, as cards in a grid or a list. */
export function Component() {
  const [searchParams] = useSearchParams();
  const layout = layoutFrom(searchParams);
  return (
    <div css={page}>
      <Seo
        title={blogIndex.title}
        description={blogIndex.description}
        path="/blogs"
        keywords={[...new Set(posts.flatMap((post) => post.categories))]}
      />
      <header>
        <h1>{blogIndex.heading}</h1>
        <p className="lead">{blogIndex.lead}</p>
      </header>
      <div className="toolbar">
        <p className="count">{posts.length} articles</p>
        <LayoutSwitch layout={layout} />
      </div>
      <BlogCardList posts={posts} layout={layout} leadsPage />
    </div>
  );
}
