/**
 * Sanitised letter HTML (src/shared/sanitise-html.ts) as blocks of styled text runs, for the PDF.
 * The input is DOMPurify's serialisation of the letter editor's markup, a strict subset: known tag
 * names, attribute values in double quotes (`<a href="…">`, `<ol start="3">`), `&`, `<`, `>`
 * and non-breaking spaces in text written as entities. So a small tokeniser reads it whole; an
 * unknown tag can not occur and would only be skipped.
 */

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Character references to text. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16) || 0xfffd);
    if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10) || 0xfffd);
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

export interface TextRun {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  link: string | null;
}

type BlockKind = 'paragraph' | 'heading' | 'pre' | 'rule';

export interface TextBlock {
  kind: BlockKind;
  /** 1–6 for a heading, else 0. */
  level: number;
  /** "•", "3." for a list item's first block; null otherwise. */
  marker: string | null;
  /** Nesting: lists and quotes each indent one step. */
  depth: number;
  quoted: boolean;
  runs: TextRun[];
}

type Token =
  | { type: 'open'; name: string; attributes: string }
  | { type: 'close'; name: string }
  | { type: 'text'; text: string };

const TAG = /<(\/?)([a-z][a-z0-9]*)([^>]*)>/gi;

function tokenise(html: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  const text = (raw: string) => {
    if (raw) tokens.push({ type: 'text', text: decodeEntities(raw) });
  };
  for (const m of html.matchAll(TAG)) {
    text(html.slice(last, m.index));
    const name = (m[2] ?? '').toLowerCase();
    tokens.push(m[1] ? { type: 'close', name } : { type: 'open', name, attributes: m[3] ?? '' });
    last = m.index + m[0].length;
  }
  text(html.slice(last));
  return tokens;
}

function attribute(source: string, name: string): string | undefined {
  const value = new RegExp(`\\b${name}="([^"]*)"`).exec(source)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

const STYLE_OF: Readonly<Record<string, keyof Omit<TextRun, 'text' | 'link'>>> = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
  code: 'code',
};
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

interface ListState {
  ordered: boolean;
  next: number;
}

/** Walks the tokens keeping the open styles, lists and quotes; text lands in the open block. */
class BlockBuilder {
  readonly blocks: TextBlock[] = [];
  private current: TextBlock | null = null;
  private readonly styles = new Map<string, number>();
  private readonly links: Array<string | null> = [];
  private readonly lists: ListState[] = [];
  private quotes = 0;
  /** The marker of a list item whose first block has not begun yet. */
  private marker: string | null = null;
  /**
   * Line breaks waiting for the text after them: pdfkit drops a break that ends a run of
   * continued text, but keeps one that starts the next. A trailing break shows nothing, as in HTML.
   */
  private breaks = '';

  open(name: string, attributes: string): void {
    const style = STYLE_OF[name];
    if (style) this.styles.set(style, (this.styles.get(style) ?? 0) + 1);
    else if (name === 'a') this.links.push(attribute(attributes, 'href') ?? null);
    else if (name === 'br') {
      if (!this.current) this.begin('paragraph', 0);
      this.breaks += '\n';
    } else if (name === 'hr') this.emit('rule', 0);
    else if (name === 'ul' || name === 'ol') {
      this.end();
      const start = Number(attribute(attributes, 'start') ?? 1);
      this.lists.push({ ordered: name === 'ol', next: start });
    } else if (name === 'li') this.startItem();
    else if (name === 'blockquote') {
      this.end();
      this.quotes += 1;
    } else if (BLOCK_TAGS.has(name)) {
      this.end();
      const heading = /^h([1-6])$/.exec(name);
      this.begin(name === 'pre' ? 'pre' : heading ? 'heading' : 'paragraph', Number(heading?.[1]));
    }
  }

  close(name: string): void {
    const style = STYLE_OF[name];
    if (style) this.styles.set(style, Math.max(0, (this.styles.get(style) ?? 0) - 1));
    else if (name === 'a') this.links.pop();
    else if (name === 'ul' || name === 'ol') {
      this.endItem();
      this.lists.pop();
    } else if (name === 'li') this.endItem();
    else if (name === 'blockquote') {
      this.end();
      this.quotes = Math.max(0, this.quotes - 1);
    } else if (BLOCK_TAGS.has(name)) this.end();
  }

  text(raw: string): void {
    const pre = this.current?.kind === 'pre';
    // Outside <pre>, whitespace collapses as a browser shows it; blank text between blocks is none.
    const text = pre ? raw : raw.replace(/[ \t\r\n\f]+/g, ' ');
    if (!pre && !this.current && !text.trim()) return;
    this.add(text);
  }

  private add(text: string): void {
    const block = this.current ?? this.begin('paragraph', 0);
    const atStart = block.runs.length === 0 || this.breaks !== '';
    const shown = block.kind !== 'pre' && atStart ? text.replace(/^ /, '') : text;
    if (!shown) return;
    const breaks = this.breaks;
    this.breaks = '';
    const on = (style: string) => (this.styles.get(style) ?? 0) > 0;
    block.runs.push({
      text: breaks + shown,
      bold: on('bold') || block.kind === 'heading',
      italic: on('italic'),
      underline: on('underline'),
      strike: on('strike'),
      code: on('code') || block.kind === 'pre',
      link: this.links.at(-1) ?? null,
    });
  }

  private begin(kind: BlockKind, level: number): TextBlock {
    const block: TextBlock = {
      kind,
      level: kind === 'heading' ? level : 0,
      marker: this.marker,
      depth: this.lists.length + this.quotes,
      quoted: this.quotes > 0,
      runs: [],
    };
    this.marker = null;
    this.blocks.push(block);
    this.current = block;
    return block;
  }

  private end(): void {
    this.breaks = '';
    const block = this.current;
    if (block && block.kind !== 'pre') {
      const lastRun = block.runs.at(-1);
      if (lastRun) lastRun.text = lastRun.text.replace(/ $/, '');
    }
    this.current = null;
  }

  private emit(kind: BlockKind, level: number): void {
    this.end();
    this.begin(kind, level);
    this.end();
  }

  private startItem(): void {
    this.endItem();
    const list = this.lists.at(-1);
    this.marker = list?.ordered ? `${list.next++}.` : '•';
  }

  /** An item left empty still shows its marker. */
  private endItem(): void {
    this.end();
    if (this.marker) this.emit('paragraph', 0);
  }
}

/** The blocks of a sanitised letter body, in reading order. */
export function htmlBlocks(html: string): TextBlock[] {
  const builder = new BlockBuilder();
  for (const token of tokenise(html)) {
    if (token.type === 'open') builder.open(token.name, token.attributes);
    else if (token.type === 'close') builder.close(token.name);
    else builder.text(token.text);
  }
  builder.close('p');
  return builder.blocks;
}
