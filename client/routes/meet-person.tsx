import { css } from '@emotion/react';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { ContentPage } from '#client/components/content-page.tsx';
import { personJsonLd } from '#client/components/structured-data.ts';
import { Avatar } from '#client/features/team/avatar.tsx';
import { usePublicConfig } from '#client/public-config.tsx';
import { posts } from '#content/posts.ts';
import { site } from '#content/site.ts';
import { findPerson } from '#content/team.ts';
import { formatPostDate } from '#shared/blog.ts';

export function loader({ params }: LoaderFunctionArgs) {
  const person = findPerson(params.person ?? '');
  if (!person) throw data('Not Found', { status: 404 });
  return person;
}

const body = css`
  .intro {
    display: flex;
    gap: var(--space-6);
    align-items: flex-start;
    margin-bottom: var(--space-8);
    font-size: 1.0625rem;
    line-height: 1.75;
  }
  .intro p {
    margin: 0;
  }
  @media (max-width: 40rem) {
    .intro {
      flex-direction: column;
    }
  }
  h2 {
    margin: var(--space-8) 0 var(--space-4);
    font-size: 1.375rem;
  }
  ul {
    padding-left: 1.25em;
  }
  li + li {
    margin-top: var(--space-2);
  }
  li::marker {
    color: var(--color-link);
  }
  .articles time {
    color: var(--color-muted);
    font-size: 0.875rem;
  }
`;

/** A personal landing page: /meet/:person, one page per member of the team. */
export function Component() {
  const person = useLoaderData<typeof loader>();
  const { siteUrl } = usePublicConfig();
  const path = `/meet/${person.slug}`;
  const firstName = person.name.split(' ')[0] ?? person.name;
  const articles = posts.filter((post) => post.author === person.name);
  return (
    <ContentPage
      title={`Meet ${person.name}`}
      lead={`${person.role} at Porchlight`}
      description={person.bio}
      path={path}
      keywords={[person.name, person.role, site.name, ...person.focus]}
      structuredData={[
        personJsonLd({
          siteUrl,
          url: `${siteUrl}${path}`,
          name: person.name,
          jobTitle: person.role,
          description: person.bio,
        }),
      ]}
    >
      <div css={body}>
        <div className="intro">
          <Avatar slug={person.slug} size="large" />
          <p>{person.intro}</p>
        </div>
        <h2>Talk to {firstName} about</h2>
        <ul>
          {person.focus.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {articles.length > 0 && (
          <>
            <h2>Articles by {firstName}</h2>
            <ul className="articles">
              {articles.map((post) => (
                <li key={post.slug}>
                  <Link to={`/blog/${post.slug}`}>{post.title}</Link>{' '}
                  <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                </li>
              ))}
            </ul>
          </>
        )}
        <p>
          <Link to="/team">Meet the rest of the team</Link>
        </p>
      </div>
    </ContentPage>
  );
}
