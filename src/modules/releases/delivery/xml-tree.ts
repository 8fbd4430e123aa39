/**
 * A strict reader for the XML that DDEX messages use: elements, attributes, text, the five named
 * entities and character references, comments, CDATA and the XML declaration. A DOCTYPE (and with
 * it every external entity) is refused, so a store's answer can never make us fetch or expand
 * anything. The product has no XML parser among its dependencies; this covers exactly what ERN and
 * ERN-C messages are made of and throws XmlError on anything else.
 */

export interface XmlElement {
  /** The qualified name as written (`ern:NewReleaseMessage`). */
  name: string;
  /** The name without its prefix. */
  local: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;

function decode(text: string, at: number): string {
  return text.replace(/&([^;\s&]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`unterminated reference near offset ${at}`);
    if (ref in ENTITIES) return ENTITIES[ref]!;
    const code = ref.startsWith('#x') ? Number.parseInt(ref.slice(2), 16) : ref.startsWith('#') ? Number.parseInt(ref.slice(1), 10) : Number.NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw new XmlError(`unknown reference &${ref}; near offset ${at}`);
    return String.fromCodePoint(code);
  });
}

/** Parses a whole document; the one root element comes back. */
export function parseXml(source: string): XmlElement {
  let pos = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (what: string): never => {
    throw new XmlError(`${what} at offset ${pos}`);
  };
  if (source.charCodeAt(0) === 0xfeff) pos = 1;

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const text = source.slice(pos, lt === -1 ? source.length : lt);
    if (text.trim() !== '') {
      const parent = stack.at(-1);
      if (!parent) fail('text outside the root element');
      parent!.text += decode(text, pos);
    }
    if (lt === -1) break;
    pos = lt;
    if (source.startsWith('<?', pos)) {
      const end = source.indexOf('?>', pos);
      if (end === -1) fail('unterminated declaration');
      pos = end + 2;
    } else if (source.startsWith('<!--', pos)) {
      const end = source.indexOf('-->', pos);
      if (end === -1) fail('unterminated comment');
      pos = end + 3;
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos);
      const parent = stack.at(-1);
      if (end === -1 || !parent) fail('misplaced CDATA');
      parent!.text += source.slice(pos + 9, end);
      pos = end + 3;
    } else if (source.startsWith('<!', pos)) {
      fail('document type declarations are not accepted');
    } else if (source.startsWith('</', pos)) {
      const match = NAME.exec(source.slice(pos + 2));
      const open = stack.pop();
      if (!match || !open || match[0] !== open.name) fail('mismatched closing tag');
      pos += 2 + match![0].length;
      while (/\s/.test(source[pos] ?? '')) pos++;
      if (source[pos] !== '>') fail('malformed closing tag');
      pos++;
    } else {
      const match = NAME.exec(source.slice(pos + 1));
      if (!match) fail('malformed tag');
      const name = match![0];
      pos += 1 + name.length;
      const element: XmlElement = { name, local: name.includes(':') ? name.slice(name.indexOf(':') + 1) : name, attributes: {}, children: [], text: '' };
      for (;;) {
        const space = /^\s*/.exec(source.slice(pos))![0].length;
        pos += space;
        if (source.startsWith('/>', pos) || source[pos] === '>') break;
        if (space === 0) fail('attributes need white space between them');
        const attribute = /^([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/.exec(source.slice(pos));
        if (!attribute) fail('malformed attribute');
        if (attribute![1]! in element.attributes) fail('repeated attribute');
        element.attributes[attribute![1]!] = decode(attribute![2] ?? attribute![3] ?? '', pos);
        pos += attribute![0].length;
      }
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root) fail('a second root element');
      else root = element;
      if (source.startsWith('/>', pos)) {
        pos += 2;
      } else {
        pos += 1;
        stack.push(element);
      }
    }
  }
  if (stack.length > 0) fail(`unclosed element ${stack.at(-1)!.name}`);
  if (!root) fail('no root element');
  return root!;
}

/** The children of `element` with this local name. */
export const childrenNamed = (element: XmlElement | undefined, local: string): XmlElement[] => element?.children.filter((child) => child.local === local) ?? [];
/** The first descendant along a path of local names (`MessageHeader/MessageSender/PartyId`). */
export function pathOf(element: XmlElement | undefined, path: string): XmlElement | undefined {
  let current = element;
  for (const step of path.split('/')) current = childrenNamed(current, step)[0];
  return current;
}
/** The trimmed text at a path, or '' when absent. */
export const textAt = (element: XmlElement | undefined, path: string): string => pathOf(element, path)?.text.trim() ?? '';
