import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { findPost } from '#content/posts.ts';
import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function loader({ params }: LoaderFunctionArgs) {
  const post = findPost(params.slug ?? '');
  if (!post) throw data('Not Found', { status: 404 });
  return post;
}

export function Component() {
  const post = useLoaderData<typeof loader>();
  return (
    <Page title={post.title} lead={post.excerpt}>
      <Seo title={post.title} description={post.excerpt} path={`/blog/${post.slug}`} />
      <p>
        By {post.author} · <time dateTime={post.date}>{post.date}</time>
      </p>
    </Page>
  );
}
