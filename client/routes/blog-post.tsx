import { css } from '@emotion/react';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Prose } from '#client/components/prose.tsx';
import { Seo } from '#client/components/seo.tsx';
import { findPost, loadPostHtml, posts } from '#content/posts.ts';
import { findPersonByName } from '#content/team.ts';
import { COVER_HEIGHT, COVER_WIDTH, coverSrc, formatPostDate, readingTimeLabel } from '#shared/blog.ts';

export async function loader({ params }: LoaderFunctionArgs) {
  const post = findPost(params.slug ?? '');
  const html = post && (await loadPostHtml(post.slug));
  if (!post || html === undefined) throw data('Not Found', { status: 404 });
  return { post, html };
}

const layout = css`
  max-width: 46rem;
  margin: 0 auto;
  padding: var(--space-8) var(--space-4) var(--space-12);
  .back {
    display: inline-block;
    margin-bottom: var(--space-6);
    font-weight: 600;
    text-underline-offset: 3px;
  }
  .categories {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2);
    margin: 0 0 var(--space-4);
    padding: 0;
    list-style: none;
  }
  .categories li {
    padding: 0.125rem var(--space-2);
    border-radius: 999px;
    background: var(--color-bg-muted);
    font-size: 0.8125rem;
    font-weight: 600;
  }
  h1 {
    margin: 0 0 var(--space-4);
    font-size: clamp(2rem, 5vw, 2.75rem);
  }
  .lead {
    margin: 0 0 var(--space-4);
    color: var(--color-muted);
    font-size: 1.1875rem;
  }
  .byline {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2);
    margin: 0 0 var(--space-6);
    color: var(--color-muted);
    font-size: 0.9375rem;
  }
  .byline a {
    color: var(--color-text);
    font-weight: 600;
  }
  .cover {
    display: block;
    width: 100%;
    height: auto;
    margin: 0 0 var(--space-8);
    border-radius: var(--radius);
    background: var(--color-bg-muted);
  }
`;

const more = css`
  max-width: 46rem;
  margin: 0 auto;
  padding: var(--space-8) var(--space-4) 0;
  border-top: 1px solid var(--color-border);
  h2 {
    margin: 0 0 var(--space-4);
    font-size: 1.375rem;
  }
  ul {
    display: grid;
    gap: var(--space-3);
    margin: 0 0 var(--space-6);
    padding: 0;
    list-style: none;
  }
  li {
    display: grid;
    gap: var(--space-1);
    padding: var(--space-4);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
    background: var(--color-surface);
  }
  li a {
    font-weight: 600;
    text-underline-offset: 3px;
  }
  li p {
    margin: 0;
    color: var(--color-muted);
    font-size: 0.875rem;
  }
`;

/** One article, its markdown rendered at build time, then the way to the others. */
export function Component() {
  const { post, html } = useLoaderData<typeof loader>();
  const author = findPersonByName(post.author);
  const authorPath = author && `/meet/${author.slug}`;
  const cover = coverSrc(post.coverImage);
  const others = posts.filter((other) => other.slug !== post.slug);
  return (
    <>
      <article css={layout}>
        <Seo
          title={post.title}
          description={post.excerpt}
          path={`/blog/${post.slug}`}
          type="article"
          image={{
            // Social networks take PNG, not SVG: each cover has a PNG twin (scripts/render-images.sh).
            src: cover.replace(/\.svg$/, '.png'),
            alt: `Cover of "${post.title}"`,
            width: COVER_WIDTH,
            height: COVER_HEIGHT,
          }}
          publishedTime={post.date}
          modifiedTime={post.updated}
          author={{ name: post.author, path: authorPath }}
          keywords={post.categories}
        />
        <Link className="back" to="/blogs">
          ← All articles
        </Link>
        <header>
          <ul className="categories" aria-label="Categories">
            {post.categories.map((category) => (
              <li key={category}>{category}</li>
            ))}
          </ul>
          <h1>{post.title}</h1>
          <p className="lead">{post.excerpt}</p>
          <p className="byline">
            <span>By {authorPath ? <Link to={authorPath}>{post.author}</Link> : <strong>{post.author}</strong>}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
            {post.updated && (
              <>
                <span aria-hidden="true">·</span>
                <span>
                  Updated <time dateTime={post.updated}>{formatPostDate(post.updated)}</time>
                </span>
              </>
            )}
            <span aria-hidden="true">·</span>
            <span>{readingTimeLabel(post.readingMinutes)}</span>
          </p>
        </header>
        {/* The first thing seen on the page: loaded at once, not lazily. */}
        <img className="cover" src={cover} alt="" width={COVER_WIDTH} height={COVER_HEIGHT} fetchPriority="high" />
        <Prose html={html} />
      </article>
      <nav css={more} aria-labelledby="more-articles">
        <h2 id="more-articles">More articles</h2>
        <ul>
          {others.map((other) => (
            <li key={other.slug}>
              <Link to={`/blog/${other.slug}`}>{other.title}</Link>
              <p>
                <time dateTime={other.date}>{formatPostDate(other.date)}</time> ·{' '}
                {readingTimeLabel(other.readingMinutes)}
              </p>
            </li>
          ))}
        </ul>
        <Link to="/blogs">See all articles</Link>
      </nav>
    </>
  );
}
