import type { TeamMember } from './schema.ts';
import members from './team.json';

// team.json is checked against its schema when the site is built (content/vite-plugin.ts).
export type { TeamMember };

/** The team page's people, each with a personal landing page at /meet/:person. */
export const team: TeamMember[] = members;

export function findPerson(slug: string): TeamMember | undefined {
  return team.find((person) => person.slug === slug);
}

/** The team member who wrote under this name, if any (articles name their author). */
export function findPersonByName(name: string): TeamMember | undefined {
  return team.find((person) => person.name === name);
}
