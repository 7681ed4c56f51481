/**
 * The letter sanitiser (DOMPurify configured to the letter editor's markup): hostile links and the
 * classic XSS vectors leave nothing active, and the editor's own markup passes unchanged.
 */
import { describe, expect, it } from 'vitest';
import { safeHref, sanitiseHtml } from '../../src/shared/sanitise-html';

const hrefOf = (href: string) => {
  const out = sanitiseHtml(`<p><a href="${href}">x</a></p>`);
  return /href="([^"]*)"/.exec(out)?.[1] ?? null;
};

describe('links', () => {
  it.each([
    '/\\evil.test',
    '/\\/evil.test',
    '\\/evil.test',
    '\\\\evil.test',
    '//evil.test',
    '///evil.test',
    '/ /evil.test',
    '/\t/evil.test',
    '/\n\\evil.test',
    ' //evil.test',
    '/&#92;evil.test',
    '/&#x5c;evil.test',
    '&#47;&#47;evil.test',
    '/%5cevil.test',
    '/%2Fevil.test',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/',
    'evil.test/path',
    '#top',
    '',
  ])('drops %j', (href) => {
    expect(hrefOf(href)).toBeNull();
  });

  it.each([
    ['https://example.com/a?b=1&c=2', 'https://example.com/a?b=1&amp;c=2'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['mailto:rose@example.com', 'mailto:rose@example.com'],
    ['tel:+442079460000', 'tel:+442079460000'],
    ['/app/patients/3', '/app/patients/3'],
    ['/', '/'],
    [' https://example.com/ ', 'https://example.com/'],
  ])('keeps %j', (href, kept) => {
    expect(hrefOf(href)).toBe(kept);
  });

  it('checks an address the way a browser reads it', () => {
    expect(safeHref('/\\evil.test')).toBeNull();
    expect(safeHref('/\r\n/evil.test')).toBeNull();
    expect(safeHref('/ok')).toBe('/ok');
  });

  it('keeps the editor’s new-tab link with its own rel, and drops any other target or rel', () => {
    expect(sanitiseHtml('<a target="_blank" rel="opener" href="https://example.com">x</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">x</a>',
    );
    expect(sanitiseHtml('<a target="_top" rel="opener" href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });
});

describe('markup', () => {
  it('passes what the letter editor makes unchanged', () => {
    const letter =
      '<h2>Plan</h2><p>Take <strong>two <em>small</em></strong> doses, <u>daily</u>, not ' +
      '<s>weekly</s>; see <code>A1</code>.<br>Thanks</p><ul><li><p>one</p></li></ul>' +
      '<ol start="3"><li><p>three</p></li></ol><blockquote><p>said</p></blockquote><hr>' +
      '<pre><code>a  b</code></pre>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">site</a></p>';
    expect(sanitiseHtml(letter)).toBe(letter);
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)><p>ok</p>', '<p>ok</p>'],
    ['<svg onload=alert(1)><circle/></svg>ok', 'ok'],
    ['<p onclick="alert(1)" style="color:red" class="x" id="y" data-x="1">ok</p>', '<p>ok</p>'],
    ['<iframe src="javascript:alert(1)">inside</iframe>ok', 'ok'],
    ['<style>p{}</style><p>ok</p>', '<p>ok</p>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<div><span>text</span></div>', 'text'],
    ['<form action="/x"><input value="v"><button>b</button></form>', 'b'],
    ['<textarea>code</textarea><select><option>o</option></select>ok', 'ok'],
    ['<object data="x">obj</object><embed src="x">ok', 'ok'],
    ['<!-- a comment --><p>ok</p>', '<p>ok</p>'],
    ['<p>1 &lt; 2 &amp; "3"</p>', '<p>1 &lt; 2 &amp; "3"</p>'],
    ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['<ol start="3x" type="a"><li>a</li></ol>', '<ol><li>a</li></ol>'],
    ['<p start="3" href="/x">a</p>', '<p>a</p>'],
    // The mXSS classic: read as markup (jsdom runs no scripts), the title goes and no img appears.
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '<p></p>'],
    ['<template><script>alert(1)</script></template>ok', 'ok'],
  ])('makes %j harmless', (input, output) => {
    expect(sanitiseHtml(input)).toBe(output);
  });
});
