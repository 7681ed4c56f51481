/** The PDF letter's reading of sanitised HTML: blocks, styles, lists, breaks and entities. */
import { describe, expect, it } from 'vitest';
import { htmlBlocks, type TextBlock } from '../../src/server/pdf/html-blocks';
import { sanitiseHtml } from '../../src/shared/sanitise-html';

/** Each block as one line: marker, depth, kind and its runs' text with their styles. */
function outline(blocks: TextBlock[]): string[] {
  return blocks.map((b) => {
    const runs = b.runs.map((r) => {
      const flags = [
        r.bold && 'b',
        r.italic && 'i',
        r.underline && 'u',
        r.strike && 's',
        r.code && 'c',
        r.link && `→${r.link}`,
      ].filter(Boolean);
      return flags.length ? `[${flags.join(',')}]${r.text}` : r.text;
    });
    const head = [b.kind + (b.level ? String(b.level) : ''), b.depth, b.marker ?? '']
      .join(' ')
      .trim();
    return `${head}${b.quoted ? ' quoted' : ''}: ${runs.join('|')}`;
  });
}

const read = (html: string) => outline(htmlBlocks(sanitiseHtml(html)));

describe('letter HTML as PDF blocks', () => {
  it('keeps paragraphs, headings and nested emphasis as styled runs', () => {
    expect(
      read(
        '<h2>Plan</h2>\n<p>Take <strong>two <em>small</em></strong> doses, <u>daily</u>, not <s>weekly</s>; see <code>A1</code>.</p>',
      ),
    ).toEqual([
      'heading2 0: [b]Plan',
      'paragraph 0: Take |[b]two |[b,i]small| doses, |[u]daily|, not |[s]weekly|; see |[c]A1|.',
    ]);
  });

  it('numbers ordered lists from their start, nests lists and quotes, keeps empty items', () => {
    expect(
      read(
        '<ul><li><p>one</p></li><li><p>two</p><ul><li><p>inner</p></li></ul></li><li></li></ul>' +
          '<ol start="3"><li><p>three</p><p>more of three</p></li><li>four</li></ol>' +
          '<blockquote><p>said</p></blockquote><hr>',
      ),
    ).toEqual([
      'paragraph 1 •: one',
      'paragraph 1 •: two',
      'paragraph 2 •: inner',
      'paragraph 1 •: ',
      'paragraph 1 3.: three',
      'paragraph 1: more of three',
      'paragraph 1 4.: four',
      'paragraph 1 quoted: said',
      'rule 0: ',
    ]);
  });

  it('starts the text after a line break on a new line, and collapses whitespace', () => {
    expect(read('<p>  Dear   Rose,<br>\n  thank you<br></p><p></p>')).toEqual([
      'paragraph 0: Dear Rose,|\nthank you',
      'paragraph 0: ',
    ]);
    expect(read('<pre>a  b\n  c</pre>')).toEqual(['pre 0: [c]a  b\n  c']);
  });

  it('decodes entities to the characters they stand for and keeps link targets', () => {
    expect(
      read(
        '<p>Straße &amp; caf&#233; &lt;5&gt; 5&nbsp;&#x20AC; n&#476; &#39;q&#39;</p>' +
          '<p><a href="https://example.com/a?b=1&amp;c=2">site</a> <a href="javascript:x()">no</a></p>',
      ),
    ).toEqual([
      "paragraph 0: Straße & café <5> 5\u00a0€ nǜ 'q'",
      'paragraph 0: [→https://example.com/a?b=1&c=2]site| |no',
    ]);
  });
});
