/**
 * Builds the plain-text and the simple HTML body of a mail from one list of blocks, so the two
 * never say different things. Names and clinic names are user-entered: HTML is escaped.
 */
type MailBlock = string | { href: string; label: string };

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const textBlock = (block: MailBlock) =>
  typeof block === 'string' ? block : `${block.label}:\n${block.href}`;

const htmlBlock = (block: MailBlock) => {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  const href = escapeHtml(block.href);
  return `<p><a href="${href}" style="color:#556b2f;font-weight:bold">${escapeHtml(block.label)}</a><br>
<span style="color:#666;font-size:0.9em">${href}</span></p>`;
};

export function composeMail(blocks: readonly MailBlock[]): { text: string; html: string } {
  return {
    text: `${blocks.map(textBlock).join('\n\n')}\n`,
    html: `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#1b1b1b">
${blocks.map(htmlBlock).join('\n')}
</body></html>
`,
  };
}
