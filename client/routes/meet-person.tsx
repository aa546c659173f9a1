import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { findPerson } from '#content/people.ts';
import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function loader({ params }: LoaderFunctionArgs) {
  const person = findPerson(params.person ?? '');
  if (!person) throw data('Not Found', { status: 404 });
  return person;
}

export function Component() {
  const person = useLoaderData<typeof loader>();
  return (
    <Page title={`Meet ${person.name}`} lead={`${person.role} at Porchlight. ${person.bio}`}>
      <Seo title={`Meet ${person.name}`} description={person.bio} path={`/meet/${person.slug}`} />
    </Page>
  );
}
