import { Link } from 'react-router';
import { posts } from '#content/posts.ts';
import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="Real-Estate Lead Conversion Insights"
      lead="Field-tested articles on speed to lead, qualification, call scripts and nurture, drawn from more than 30,000 calls."
    >
      <Seo
        title="Blog"
        description="Articles on converting real-estate leads with voice AI: speed to lead, qualification, call timing, scripts and 90-day nurture."
        path="/blogs"
      />
      <ul>
        {posts.map((post) => (
          <li key={post.slug}>
            <Link to={`/blog/${post.slug}`}>{post.title}</Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
