/**
 * The accessibility check itself (test/support/axe.ts), on a page made with faults of its own: it
 * must name each serious one and pass the page once they are mended — so the many tests that
 * expect "no problem" from it could fail. (The app has no frames, so none is checked here.)
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { openPage, sharedBrowser } from '../support/browser';

const browser = sharedBrowser();

const FAULTY = `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
<h1>Faults</h1>
<button id="nameless"><svg width="10" height="10"></svg></button>
<p id="faint" style="color:#ccc;background:#fff">Text too faint to read</p>
<img id="bare" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
</main></body></html>`;

const MENDED = `<!doctype html><html lang="en"><head><title>Mended</title></head><body><main>
<h1>Mended</h1>
<button id="named" aria-label="Close"><svg width="10" height="10"></svg></button>
<p style="color:#333;background:#fff">Text anyone can read</p>
</main></body></html>`;

describe('the accessibility check', () => {
  it('names each serious fault and passes the page mended', async () => {
    const { page, context } = await openPage(browser);
    await page.setContent(FAULTY);
    const problems = await seriousViolations(page);
    expect(problems.find((p) => p.startsWith('button-name (critical)'))).toContain('#nameless');
    expect(problems.find((p) => p.startsWith('color-contrast (serious)'))).toContain('#faint');
    expect(problems.find((p) => p.startsWith('image-alt (critical)'))).toContain('#bare');
    await page.setContent(MENDED);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
