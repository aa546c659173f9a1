import { css } from '@emotion/react';
import { Link } from 'react-router';
import { Island } from '#client/islands/island.tsx';
import type { PostMeta } from '#content/posts.ts';
import { COVER_HEIGHT, COVER_WIDTH, categoryBadges, coverSrc, formatPostDate, readingTimeLabel } from '#shared/blog.ts';

export type BlogCardLayout = 'grid' | 'list';

const card = css`
  position: relative;
  display: grid;
  height: 100%;
  overflow: hidden;
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  box-shadow: var(--shadow-sm);
  transition:
    box-shadow 150ms ease,
    transform 150ms ease;
  &:hover,
  &:focus-within {
    box-shadow: var(--shadow-lg);
  }
  @media (hover: hover) {
    &:hover {
      transform: translateY(-2px);
    }
  }
  .body {
    display: flex;
    flex-direction: column;
    gap: var(--space-3);
    padding: var(--space-4) var(--space-4) var(--space-6);
  }
  .badges {
    /* Above the card-wide link, so the '+N' badge can show its tooltip. */
    position: relative;
    z-index: 1;
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .badges li {
    padding: 0.125rem var(--space-2);
    border-radius: 999px;
    background: var(--color-bg-muted);
    color: var(--color-text);
    font-size: 0.75rem;
    font-weight: 600;
  }
  .title {
    margin: 0;
    font-size: 1.25rem;
    line-height: 1.3;
  }
  .excerpt {
    display: -webkit-box;
    margin: 0;
    overflow: hidden;
    color: var(--color-muted);
    -webkit-box-orient: vertical;
    /* The prefixed form is the one browsers implement; the checker knows no unprefixed line-clamp. */
    -webkit-line-clamp: 2;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2);
    margin: 0;
    color: var(--color-muted);
    font-size: 0.875rem;
  }
  .read-more {
    margin-top: auto;
    align-self: flex-start;
    color: var(--color-link);
    font-weight: 600;
    text-underline-offset: 3px;
  }
  /* The whole card is the link's click target; the link stays the one thing a keyboard tabs to. */
  .read-more::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  .read-more:focus-visible {
    outline: none;
  }
  &:has(.read-more:focus-visible) {
    outline: 3px solid var(--color-accent);
    outline-offset: 2px;
  }
`;

// In a grid the cards of a row are as tall as the tallest; the room left over goes below the text, so every card's
// badges and title start the same distance under its cover.
const gridCard = css`
  grid-template-rows: auto 1fr;
`;

const listCard = css`
  @media (min-width: 40rem) {
    grid-template-columns: minmax(12rem, 2fr) 3fr;
    align-items: stretch;
    .cover {
      height: 100%;
      aspect-ratio: auto;
      min-height: 100%;
    }
    .body {
      padding: var(--space-6);
    }
  }
`;

export interface BlogCardProps {
  post: PostMeta;
  layout: BlogCardLayout;
  /** The level of the title: 2 under the page's H1 (/blogs), 3 inside a section with its own H2 (home). */
  headingLevel?: 2 | 3;
  /** The first card at the top of a page: its cover is the largest paint, so it is not lazy. */
  priority?: boolean;
}

/** One article as a card, for /blogs and the home page's Latest Insights (docs/product-rules.md#content). */
export function BlogCard({ post, layout, headingLevel = 2, priority = false }: BlogCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const { shown, hidden } = categoryBadges(post.categories);
  return (
    <article css={[card, layout === 'grid' ? gridCard : listCard]} data-layout={layout}>
      {/* Loaded as the card comes near the viewport: an island of its own (docs/decisions/0020-…). */}
      <Island
        name="cover"
        id={post.slug}
        load={priority ? 'now' : 'visible'}
        props={{
          className: 'cover',
          src: coverSrc(post.coverImage),
          alt: '',
          width: COVER_WIDTH,
          height: COVER_HEIGHT,
          priority,
        }}
      />
      <div className="body">
        <ul className="badges" aria-label="Categories">
          {shown.map((category) => (
            <li key={category}>{category}</li>
          ))}
          {hidden.length > 0 && (
            <li title={hidden.join(', ')}>
              +{hidden.length}
              <span className="visually-hidden"> more: {hidden.join(', ')}</span>
            </li>
          )}
        </ul>
        <Heading className="title">{post.title}</Heading>
        <p className="excerpt">{post.excerpt}</p>
        <p className="meta">
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          <span aria-hidden="true">·</span>
          <span>{readingTimeLabel(post.readingMinutes)}</span>
        </p>
        <Link className="read-more" to={`/blog/${post.slug}`}>
          Read More<span className="visually-hidden"> about {post.title}</span>
        </Link>
      </div>
    </article>
  );
}

const grid = css`
  display: grid;
  gap: var(--space-6);
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

const list = css`
  display: grid;
  gap: var(--space-6);
  margin: 0;
  padding: 0;
  list-style: none;
`;

interface BlogCardListProps {
  posts: readonly PostMeta[];
  layout: BlogCardLayout;
  headingLevel?: 2 | 3;
  /** The list opens the page: its first cover loads at once (the page's largest paint). */
  leadsPage?: boolean;
}

/** Cards in a responsive grid or a single column of wide rows. */
export function BlogCardList({ posts, layout, headingLevel, leadsPage = false }: BlogCardListProps) {
  return (
    <ul css={layout === 'grid' ? grid : list} data-layout={layout}>
      {posts.map((post, index) => (
        <li key={post.slug}>
          <BlogCard post={post} layout={layout} headingLevel={headingLevel} priority={leadsPage && index === 0} />
        </li>
      ))}
    </ul>
  );
}
