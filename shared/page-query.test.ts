import { expect, test } from 'vitest';
import { pageKeyOf } from './page-query.ts';

test('a page key is the path plus only the parameters that change the HTML', () => {
  const key = (url: string) => pageKeyOf(new URL(url, 'https://porchlight.ai'));
  expect(key('/')).toBe('/');
  expect(key('/?source=agent-isa&utm_campaign=spring&fbclid=x')).toBe('/');
  expect(key('/blogs?layout=grid')).toBe('/blogs');
  expect(key('/blogs?utm_source=news&layout=list&x=1')).toBe('/blogs?layout=list');
  expect(key('/blogs/?layout=list')).toBe('/blogs/?layout=list');
  expect(key('/blog/some-post?ref=feed#top')).toBe('/blog/some-post');
});
