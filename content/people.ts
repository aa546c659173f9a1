export interface Person {
  slug: string;
  name: string;
  role: string;
  bio: string;
}

// People with a personal landing page at /meet/:person.
export const people: Person[] = [
  {
    slug: 'dana-whitfield',
    name: 'Dana Whitfield',
    role: 'Co-founder & CEO',
    bio: 'Dana ran inside sales for a 40-agent San Antonio team before building Porchlight, and still listens to call recordings every week.',
  },
  {
    slug: 'marcus-ortega',
    name: 'Marcus Ortega',
    role: 'Head of Customer Success',
    bio: 'Marcus helps teams connect their CRM, tune their qualification script and get their first live transfer within a week.',
  },
];

export function findPerson(slug: string): Person | undefined {
  return people.find((person) => person.slug === slug);
}
