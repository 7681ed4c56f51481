/**
 * Rich text as it may be shown or printed, sanitised by DOMPurify (isomorphic-dompurify: jsdom on
 * the server, the browser's own DOM in the web app) and configured to the markup the letter
 * editor makes — Tiptap's StarterKit: paragraphs, headings, lists, quotes, emphasis, code, rules,
 * breaks and links. Every other tag is dropped (its text kept), scripts, styles, frames and the
 * like go with their content, and only a link's href and target and an ordered list's start are
 * kept. Writes already refuse active markup (./entities/rules.ts); this is the second line for
 * whatever reached the database another way. Why DOMPurify:
 * docs/decisions/0021-html-sanitised-by-dompurify.md.
 */
import DOMPurify from 'isomorphic-dompurify';

const ALLOWED_TAGS = [
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
];

/** Which tag may keep which attribute; DOMPurify's own list is one for all tags. */
const ATTRIBUTES_OF: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
};

const CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href', 'target', 'rel', 'start'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Beside DOMPurify's own list (script, style, svg, template, title…): code or data, not text.
  ADD_FORBID_CONTENTS: ['textarea', 'select', 'object', 'embed', 'iframe'],
};

/**
 * A link the letter may keep: a web, mail or phone address, or a path on this site. A path starts
 * with one `/` followed by neither `/` nor `\`: a browser reads `//host` and `/\host` as another
 * host. Browsers drop tabs and line breaks anywhere in an address and spaces and control
 * characters around it ("java\tscript:", "/\t/host"), so those are removed before the check, and
 * the address kept is the one checked. A percent-encoded slash or backslash right after the first
 * `/` is refused too: no letter needs one, and a server normalising it would redirect off-site.
 */
const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?![/\\]|%2f|%5c))/i;

export function safeHref(raw: string): string | null {
  const href = [...raw].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return SAFE_LINK.test(href) ? href : null;
}

/** Runs while DOMPurify checks each attribute: a link keeps only a safe, cleaned address. */
function checkAttribute(
  node: Element,
  data: { attrName: string; attrValue: string; keepAttr: boolean },
): void {
  const tag = node.nodeName.toLowerCase();
  if (!(ATTRIBUTES_OF[tag] ?? []).includes(data.attrName)) {
    data.keepAttr = false;
  } else if (data.attrName === 'href') {
    const href = safeHref(data.attrValue);
    if (href === null) data.keepAttr = false;
    else data.attrValue = href;
  } else if (data.attrName === 'start') {
    data.keepAttr = /^\d{1,6}$/.test(data.attrValue);
  } else if (data.attrName === 'target') {
    data.keepAttr = data.attrValue === '_blank';
  }
}

/** A link opening a new tab does so without an opener (the editor's own rel, whatever came in). */
function finishLink(node: Element): void {
  if (node.nodeName.toLowerCase() !== 'a') return;
  if (node.getAttribute('target') === '_blank')
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  else node.removeAttribute('rel');
}

export function sanitiseHtml(html: string): string {
  // The hooks are this call's own: DOMPurify is one shared instance, and sanitize runs at once.
  DOMPurify.addHook('uponSanitizeAttribute', checkAttribute);
  DOMPurify.addHook('afterSanitizeAttributes', finishLink);
  try {
    return DOMPurify.sanitize(html, CONFIG);
  } finally {
    DOMPurify.removeHook('uponSanitizeAttribute');
    DOMPurify.removeHook('afterSanitizeAttributes');
  }
}
