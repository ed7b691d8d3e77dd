/**
 * Just enough HTML reading for tests of the server's markup over HTTP, without a DOM: elements by
 * tag and attributes (nesting counted, so a card's own list items don't end the card), their
 * attributes, and their text as a browser's textContent would give it (whitespace collapsed).
 * It reads React's server output, which always quotes attributes and escapes `<` and `>` in them.
 */

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  /** The element's markup, start tag to end tag. */
  outer: string;
  /** The markup between the start and the end tag ("" for a void element). */
  inner: string;
  /** Where the element starts in the markup it was found in. */
  index: number;
}

export type AttrTest = string | RegExp | true | false;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#")
      return String.fromCodePoint(name[1] === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [, name, value] of source.matchAll(/([^\s"'=/>]+)(?:\s*=\s*"([^"]*)")?/g))
    attrs[name] = decode(value ?? "");
  return attrs;
}

function matches(attrs: Record<string, string>, tests: Record<string, AttrTest>): boolean {
  return Object.entries(tests).every(([name, test]) => {
    const value = attrs[name];
    if (test === true) return value !== undefined;
    if (test === false) return value === undefined;
    if (value === undefined) return false;
    return typeof test === "string" ? value === test : test.test(value);
  });
}

/** Every element with this tag (and these attributes) inside `html`, nested ones included, in document order. */
export function findAll(html: string, tag: string, attrs: Record<string, AttrTest> = {}): Element[] {
  const found: Element[] = [];
  const start = new RegExp(`<${tag}(?=[\\s/>])([^>]*)>`, "gi");
  for (const m of html.matchAll(start)) {
    const elementAttrs = parseAttrs(m[1]);
    if (!matches(elementAttrs, attrs)) continue;
    const from = m.index;
    const bodyStart = from + m[0].length;
    if (VOID.has(tag.toLowerCase()) || m[1].trimEnd().endsWith("/")) {
      found.push({ tag, attrs: elementAttrs, outer: m[0], inner: "", index: from });
      continue;
    }
    const either = new RegExp(`<(/?)${tag}(?=[\\s/>])[^>]*>`, "gi");
    either.lastIndex = bodyStart;
    let depth = 1;
    let end: RegExpExecArray | null = null;
    while (depth > 0 && (end = either.exec(html))) {
      if (end[1]) depth--;
      else if (!end[0].endsWith("/>")) depth++;
    }
    if (!end) throw new Error(`<${tag}> at ${from} is never closed`);
    found.push({
      tag,
      attrs: elementAttrs,
      outer: html.slice(from, end.index + end[0].length),
      inner: html.slice(bodyStart, end.index),
      index: from,
    });
  }
  return found;
}

/** Like findAll, without the elements nested in another one found (a list's own items, not theirs). */
export function outermost(html: string, tag: string, attrs: Record<string, AttrTest> = {}): Element[] {
  const found: Element[] = [];
  for (const element of findAll(html, tag, attrs)) {
    const last = found.at(-1);
    if (!last || element.index >= last.index + last.outer.length) found.push(element);
  }
  return found;
}

/** The first such element; throws (naming it) when there is none. */
export function find(html: string, tag: string, attrs: Record<string, AttrTest> = {}): Element {
  const [first] = findAll(html, tag, attrs);
  if (!first)
    throw new Error(`No <${tag}> with ${JSON.stringify(attrs, (_, v) => (v instanceof RegExp ? String(v) : v))}`);
  return first;
}

/** The text of some markup as textContent gives it, whitespace collapsed (scripts and styles left out). */
export function text(html: string | Element): string {
  const markup = typeof html === "string" ? html : html.inner;
  return decode(
    markup
      .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, "")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The `<a>` elements of some markup whose text is `name` (or matches it). */
export function links(html: string | Element, name?: string | RegExp): Element[] {
  const markup = typeof html === "string" ? html : html.inner;
  return findAll(markup, "a").filter((a) => {
    if (name === undefined) return true;
    const label = a.attrs["aria-label"] ?? text(a);
    return typeof name === "string" ? label === name : name.test(label);
  });
}

/** The href of the one link named so; throws when there is none. */
export function hrefOf(html: string | Element, name: string | RegExp): string {
  const [link] = links(html, name);
  if (!link) throw new Error(`No link named ${String(name)}`);
  return link.attrs.href;
}
