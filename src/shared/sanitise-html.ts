/**
 * Rich text as it may be shown or printed: only the markup the letter editor makes (Tiptap's
 * StarterKit: paragraphs, headings, lists, quotes, emphasis, code, rules, breaks and links) is
 * kept, rebuilt from its name with the few attributes it needs; every other tag is dropped and
 * scripts, styles, frames and comments go with their content. Writes already refuse active
 * markup (./entities/rules.ts); this is the second line for whatever reached the database
 * another way.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
]);
const VOID_TAGS = new Set(['br', 'hr']);

/** Elements whose content is code or data, never text to print. */
const WITH_CONTENT =
  /<(script|style|iframe|object|embed|template|noscript|textarea|title|svg|math|select)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(-->|$)|<![^>]*>|<\?[^>]*>/g;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g;
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

/** Character references to text (also read by the PDF letter, src/server/pdf/html-blocks.ts). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16) || 0xfffd);
    if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10) || 0xfffd);
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

const escapeStray = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

function attributesOf(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    found.set((m[1] ?? '').toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return found;
}

/** A link keeps a web, mail or phone address only; it opens in a new tab without an opener. */
function linkAttributes(source: string): string {
  const attributes = attributesOf(source);
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const href = [...(attributes.get('href') ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('');
  if (!SAFE_LINK.test(href)) return '';
  const newTab = attributes.get('target') === '_blank';
  return (
    ` href="${escapeAttribute(href)}"` +
    (newTab ? ' target="_blank" rel="noopener noreferrer nofollow"' : '')
  );
}

function olAttributes(source: string): string {
  const start = attributesOf(source).get('start');
  return start && /^\d{1,6}$/.test(start) ? ` start="${start}"` : '';
}

function rebuiltTag(closing: string, rawName: string, source: string): string {
  const name = rawName.toLowerCase();
  if (!ALLOWED_TAGS.has(name)) return '';
  if (closing) return VOID_TAGS.has(name) ? '' : `</${name}>`;
  if (name === 'a') return `<a${linkAttributes(source)}>`;
  if (name === 'ol') return `<ol${olAttributes(source)}>`;
  return `<${name}>`;
}

export function sanitiseHtml(html: string): string {
  const withoutCode = html.replace(COMMENT, '').replace(WITH_CONTENT, '');
  let out = '';
  let last = 0;
  for (const m of withoutCode.matchAll(TAG)) {
    out += escapeStray(withoutCode.slice(last, m.index));
    out += rebuiltTag(m[1] ?? '', m[2] ?? '', m[3] ?? '');
    last = m.index + m[0].length;
  }
  return out + escapeStray(withoutCode.slice(last));
}
