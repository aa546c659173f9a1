import { expect, test } from 'vitest';
import { pageKeyOf } from '#shared/page-query.ts';
import { canonicalPathOf, pageUrlOf } from './page-url.ts';

const SITE = 'https://www.porchlight.example';

test('a path is put on the site origin as written, so a path that looks like a host stays a path', () => {
  expect(pageUrlOf(SITE, '/blogs?layout=list')?.href).toBe(`${SITE}/blogs?layout=list`);
  expect(pageUrlOf(SITE, '//evil.example/x')?.href).toBe(`${SITE}//evil.example/x`);
  expect(pageUrlOf(SITE, '/\\evil.example')?.origin).toBe(SITE);
  expect(pageUrlOf(SITE, '/@evil.example')?.origin).toBe(SITE);
  expect(pageUrlOf(SITE, '/%')?.href).toBe(`${SITE}/%`);
});

test('an absolute target keeps its path and query, never its host', () => {
  expect(pageUrlOf(SITE, 'http://evil.example/blogs?a=1')?.href).toBe(`${SITE}/blogs?a=1`);
  expect(pageUrlOf(SITE, 'http://evil.example//x')?.href).toBe(`${SITE}//x`);
});

test('a target that is no path has no page URL', () => {
  for (const target of ['*', 'evil', 'mailto:a@b.example', 'javascript:alert(1)', '']) {
    expect(pageUrlOf(SITE, target)).toBeUndefined();
  }
});

test('the cache key is the parsed path and the parameters that change the page, so spellings of one URL share it', () => {
  const key = (target: string) => {
    const url = pageUrlOf(SITE, target);
    return url && pageKeyOf(url);
  };
  expect(key('/%2e%2e/')).toBe('/');
  expect(key('http://evil.example/team')).toBe('/team');
  expect(key('/team#section')).toBe('/team');
  expect(key('/blogs?layout=list')).toBe('/blogs?layout=list');
});

test("a page path's one spelling: lower case, escaped letters decoded, no trailing slash", () => {
  const canonical = (target: string) => canonicalPathOf(pageUrlOf(SITE, target)?.pathname ?? '');
  expect(canonical('/')).toBe('/');
  expect(canonical('/blogs')).toBe('/blogs');
  expect(canonical('/BLOGS')).toBe('/blogs');
  expect(canonical('/Blogs/')).toBe('/blogs');
  expect(canonical('/blogs//')).toBe('/blogs');
  expect(canonical('/%62logs')).toBe('/blogs');
  expect(canonical('/%2e%2e/Team')).toBe('/team');
  expect(canonical('/blog/Why-Top-Agents')).toBe('/blog/why-top-agents');
  expect(canonical('//')).toBe('/');
  // Escapes of anything else stay as they are: no page has such a path, and each is a not-found page.
  expect(canonical('/a%2fb%20c')).toBe('/a%2fb%20c');
  expect(canonical('/..%2f')).toBe('/..%2f');
  expect(canonical('/café')).toBe('/caf%C3%A9');
  // Still a path: the redirect puts it after the site's origin.
  expect(canonical('//Evil.example/')).toBe('//evil.example');
});
