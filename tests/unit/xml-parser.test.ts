import { expect, test } from 'vitest';
import { childText, parseXml } from '#tests/support/xml.ts';

// The feed test trusts this parser to refuse what a feed reader would refuse.

test('a well-formed document parses into elements, attributes and decoded text', () => {
  const root = parseXml(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><a x="1" y=\'2\'><b>Tom &amp; Jerry &#x27;s &#39;</b><c/><![CDATA[<raw>]]></a>\n',
  );
  expect(root.name).toBe('a');
  expect(root.attributes).toEqual({ x: '1', y: '2' });
  expect(childText(root, 'b')).toBe("Tom & Jerry 's '");
  expect(root.children.map((child) => child.name)).toEqual(['b', 'c']);
  expect(root.text).toBe('<raw>');
});

test.each([
  ['an unclosed element', '<a><b></a>'],
  ['a mismatched close tag', '<a></b>'],
  ['a bare ampersand', '<a>Tom & Jerry</a>'],
  ['an unknown entity', '<a>&nbsp;</a>'],
  ['a bare less-than sign in an attribute', '<a x="<"/>'],
  ['an unquoted attribute', '<a x=1/>'],
  ['a duplicate attribute', '<a x="1" x="2"/>'],
  ['two root elements', '<a/><b/>'],
  ['text after the root', '<a/>tail'],
  ['a malformed declaration', '<?xml version=1.0?><a/>'],
  ['a DOCTYPE', '<!DOCTYPE a><a/>'],
])('%s is refused', (_what, source) => {
  expect(() => parseXml(source)).toThrow();
});
