import { css } from '@emotion/react';
import { Link } from 'react-router';
import type { TeamMember } from '#content/team.ts';
import { Avatar } from './avatar.tsx';

const section = css`
  margin: 0 0 var(--space-12);
  h2 {
    margin: 0 0 var(--space-6);
    font-size: clamp(1.375rem, 3vw, 1.75rem);
  }
  ul {
    display: grid;
    gap: var(--space-4);
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    position: relative;
    display: flex;
    gap: var(--space-4);
    padding: var(--space-4);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
    background: var(--color-surface);
  }
  li:hover,
  li:focus-within {
    box-shadow: var(--shadow-lg);
  }
  h3 {
    margin: 0;
    font-size: 1.125rem;
  }
  h3 a {
    color: var(--color-text);
    text-decoration: none;
  }
  /* The whole card follows the name's link. */
  h3 a::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  .role {
    margin: var(--space-1) 0 var(--space-2);
    color: var(--color-link);
    font-size: 0.875rem;
    font-weight: 600;
  }
  .bio {
    margin: 0;
    color: var(--color-muted);
    font-size: 0.9375rem;
  }
`;

/** The people on the team page, each linking to their personal page. */
export function TeamList({ people }: { people: readonly TeamMember[] }) {
  return (
    <section css={section} aria-labelledby="people-title">
      <h2 id="people-title">The people behind Porchlight</h2>
      <ul>
        {people.map((person) => (
          <li key={person.slug}>
            <Avatar slug={person.slug} />
            <div>
              <h3>
                <Link to={`/meet/${person.slug}`}>{person.name}</Link>
              </h3>
              <p className="role">{person.role}</p>
              <p className="bio">{person.bio}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
