import { css } from '@emotion/react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Seo } from '#client/components/seo.tsx';

const box = css`
  max-width: 40rem;
  margin: 0 auto;
  padding: var(--space-12) var(--space-4);
  text-align: center;
`;

export function NotFoundPage() {
  return (
    <section css={box}>
      <Seo title="Page not found" description="The page you asked for does not exist." path="/404" noIndex />
      <h1>Page not found</h1>
      <p>We looked everywhere, but this page does not exist. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/blogs">read the blog</Link>.
      </p>
    </section>
  );
}

/** Not-found page for 404s, the router's error screen for anything else; never a stack trace. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section css={box}>
      <Seo title="Something went wrong" description="An unexpected error occurred." path="/" noIndex />
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong on our side. Please try again in a moment.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
