/**
 * The text of a PDF as pdfkit writes it, line by line, for tests (no poppler on CI). Text drawn
 * in embedded fonts is glyph ids, so each font's ToUnicode map is read to turn them back into
 * characters; fragments on one baseline form a line, lines run top to bottom, page by page.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<string, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const m of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2] ?? '';
    const at = body.indexOf('stream\n');
    const dict = at < 0 ? body : body.slice(0, at);
    let stream: Buffer | null = null;
    if (at >= 0) {
      const raw = Buffer.from(body.slice(at + 7, body.lastIndexOf('\nendstream')), 'latin1');
      stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
    }
    objects.set(m[1] ?? '', { dict, stream });
  }
  return objects;
}

/** pdfkit's ToUnicode maps: `<start> <end> [<utf16> …]` ranges. */
function unicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
    let code = parseInt(range[1] ?? '0', 16);
    for (const target of (range[2] ?? '').matchAll(/<([0-9a-f ]+)>/gi)) {
      const units = (target[1] ?? '').split(' ').map((hex) => parseInt(hex, 16));
      map.set(code++, String.fromCharCode(...units));
    }
  }
  return map;
}

interface Fragment {
  page: number;
  x: number;
  y: number;
  text: string;
}

export function pdfText(pdf: Buffer): string {
  const objects = objectsOf(pdf);
  const fonts = new Map<string, Map<number, string>>();
  for (const object of objects.values())
    for (const ref of object.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref[2] ?? '')?.dict ?? '');
      const cmap = objects.get(toUnicode?.[1] ?? '')?.stream;
      if (cmap) fonts.set(ref[1] ?? '', unicodeMap(cmap.toString('latin1')));
    }
  const fragments: Fragment[] = [];
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict));
  pages.forEach((page, index) => {
    const contents = /\/Contents (\d+) 0 R/.exec(page.dict)?.[1] ?? '';
    const content = objects.get(contents)?.stream?.toString('latin1') ?? '';
    let font = new Map<number, string>();
    for (const bt of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const body = bt[1] ?? '';
      const tm = /([-\d.]+) ([-\d.]+) Tm/.exec(body);
      const name = /\/(F\d+) [\d.]+ Tf/.exec(body)?.[1];
      if (name) font = fonts.get(name) ?? new Map<number, string>();
      let text = '';
      for (const hex of body.matchAll(/<([0-9a-f]*)>/gi))
        for (const code of (hex[1] ?? '').match(/.{4}/g) ?? [])
          text += font.get(parseInt(code, 16)) ?? '\ufffd';
      fragments.push({ page: index, x: Number(tm?.[1]), y: Number(tm?.[2]), text });
    }
  });
  const lines = new Map<string, Fragment[]>();
  for (const f of fragments) {
    const key = `${f.page}:${Math.round(f.y)}`;
    lines.set(key, [...(lines.get(key) ?? []), f]);
  }
  return [...lines.values()]
    .sort((a, b) => (a[0]?.page ?? 0) - (b[0]?.page ?? 0) || (b[0]?.y ?? 0) - (a[0]?.y ?? 0))
    .map((line) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((f) => f.text)
        .join(''),
    )
    .join('\n');
}
