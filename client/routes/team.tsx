import { Link } from 'react-router';
import { people } from '#content/people.ts';
import { Page } from '../components/page.tsx';

export function Component() {
  return (
    <Page
      title="Our Team"
      lead="Former inside sales agents, team leads and engineers from San Antonio and beyond, building the assistant we wished we had."
    >
      <title>Our Team | Porchlight</title>
      <ul>
        {people.map((person) => (
          <li key={person.slug}>
            <Link to={`/meet/${person.slug}`}>{person.name}</Link>, {person.role}
          </li>
        ))}
      </ul>
    </Page>
  );
}
