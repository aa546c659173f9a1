// A small strict XML parser for tests: it throws on anything that is not well-formed (unclosed or
// mismatched tags, unquoted or duplicate attributes, bare '&' or '<', unknown entities, text outside the
// root), which is what a feed reader's parser would refuse. DTDs and processing instructions other than
// the XML declaration are refused too: our files have none.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  if (raw.includes('<')) throw new Error(`Bare '<' near offset ${at}`);
  return raw.replace(/&([^;\s]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new Error(`Bare '&' near offset ${at}`);
    const named = ENTITIES[entity];
    if (named) return named;
    const numeric = /^#(x[0-9a-fA-F]+|\d+)$/.exec(entity)?.[1];
    if (numeric) return String.fromCodePoint(Number(numeric.startsWith('x') ? `0${numeric}` : numeric));
    throw new Error(`Unknown entity &${entity}; near offset ${at}`);
  });
}

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (message: string): never => {
    throw new Error(`${message} at offset ${at}: ${JSON.stringify(source.slice(at, at + 40))}`);
  };
  const skipMisc = () => {
    for (;;) {
      const space = /^\s*/.exec(source.slice(at))?.[0] ?? '';
      at += space.length;
      if (source.startsWith('<!--', at)) {
        const end = source.indexOf('-->', at);
        if (end < 0) fail('Unclosed comment');
        at = end + 3;
      } else return;
    }
  };

  const declaration =
    /^<\?xml\s+version="1\.[0-9]"(\s+encoding="[A-Za-z][\w.-]*")?(\s+standalone="(yes|no)")?\s*\?>/.exec(source);
  if (declaration) at = declaration[0].length;
  else if (source.startsWith('<?')) fail('Malformed XML declaration');
  skipMisc();
  if (source.startsWith('<!', at) || source.startsWith('<?', at)) fail('Unsupported markup');

  function element(): XmlElement {
    if (source[at] !== '<') fail('Expected an element');
    at++;
    const name = NAME.exec(source.slice(at))?.[0] ?? fail('Expected an element name');
    at += name.length;
    const node: XmlElement = { name, attributes: {}, children: [], text: '' };
    for (;;) {
      const space = /^\s*/.exec(source.slice(at))?.[0] ?? '';
      at += space.length;
      if (source.startsWith('/>', at)) {
        at += 2;
        return node;
      }
      if (source[at] === '>') {
        at++;
        break;
      }
      if (!space) fail('Expected whitespace before an attribute');
      const attribute = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(source.slice(at));
      if (!attribute?.[1]) return fail('Malformed attribute');
      if (attribute[1] in node.attributes) fail(`Duplicate attribute ${attribute[1]}`);
      node.attributes[attribute[1]] = decode(attribute[3] ?? attribute[4] ?? '', at);
      at += attribute[0].length;
    }
    for (;;) {
      const next = source.indexOf('<', at);
      if (next < 0) fail(`Unclosed <${name}>`);
      node.text += decode(source.slice(at, next), at);
      at = next;
      if (source.startsWith('</', at)) {
        const close = /^<\/([A-Za-z_][\w.:-]*)\s*>/.exec(source.slice(at));
        if (close?.[1] !== name) fail(`Expected </${name}>`);
        at += close?.[0].length ?? 0;
        return node;
      }
      if (source.startsWith('<!--', at)) {
        const end = source.indexOf('-->', at);
        if (end < 0) fail('Unclosed comment');
        at = end + 3;
      } else if (source.startsWith('<![CDATA[', at)) {
        const end = source.indexOf(']]>', at);
        if (end < 0) fail('Unclosed CDATA section');
        node.text += source.slice(at + 9, end);
        at = end + 3;
      } else if (source.startsWith('<!', at) || source.startsWith('<?', at)) {
        fail('Unsupported markup');
      } else {
        node.children.push(element());
      }
    }
  }

  const root = element();
  skipMisc();
  if (at !== source.length) fail('Content after the root element');
  return root;
}

/** Direct children named `name`. */
export function childrenNamed(node: XmlElement, name: string): XmlElement[] {
  return node.children.filter((child) => child.name === name);
}

/** Text of the first direct child named `name`. */
export function childText(node: XmlElement, name: string): string | undefined {
  return node.children.find((child) => child.name === name)?.text;
}
