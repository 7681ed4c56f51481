/**
 * The server's log at a terminal and elsewhere (src/server/log.ts): the format LOG_FORMAT and
 * the terminal choose, and a start-up step's progress line, read back as a terminal shows it.
 */
import { describe, expect, it } from 'vitest';
import { createLog, logFormat } from '../../src/server/log';

const ESC = String.fromCharCode(27);

/** Standard output as a terminal (or a pipe) of `columns`, keeping what was written. */
function screen(isTTY: boolean, columns = 60) {
  let written = '';
  const out = {
    isTTY,
    columns,
    write: (chunk: string) => ((written += chunk), true),
  } as unknown as NodeJS.WriteStream;
  /** The lines as they stand on the screen: \r goes back to the line's start, ESC[K clears. */
  const lines = () => {
    const shown = [''];
    let col = 0;
    const text = written.replace(new RegExp(`${ESC}\\[\\d*m`, 'g'), ''); // colours
    for (let i = 0; i < text.length; i++) {
      if (text.startsWith(`${ESC}[K`, i)) {
        shown[shown.length - 1] = shown.at(-1)!.slice(0, col);
        i += 2;
      } else if (text[i] === '\r') col = 0;
      else if (text[i] === '\n') {
        shown.push('');
        col = 0;
      } else {
        const line = shown.at(-1)!;
        shown[shown.length - 1] = line.slice(0, col) + text[i] + line.slice(col + 1);
        col++;
      }
    }
    return shown;
  };
  return { out, lines, written: () => written };
}

describe('log format', () => {
  it('is pretty on a terminal and JSON elsewhere unless LOG_FORMAT says', () => {
    expect(logFormat('', screen(true).out)).toBe('pretty');
    expect(logFormat('', screen(false).out)).toBe('json');
    expect(logFormat('json', screen(true).out)).toBe('json');
    expect(logFormat('pretty', screen(false).out)).toBe('pretty');
  });

  it('prints readable lines, not JSON, in the pretty format', () => {
    const terminal = screen(true);
    const { log } = createLog('info', 'pretty', terminal.out);
    log.warn({ err: new Error('disk full') }, 'could not write');
    log.debug('below the level');
    const text = terminal.lines().join('\n');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: could not write$/m);
    expect(text).toContain('disk full');
    expect(text).not.toContain('"level"');
    expect(text).not.toContain('below the level');
  });

  it('shows a step as one line that a log line inside it does not break', async () => {
    const terminal = screen(true);
    const { log, step } = createLog('info', 'pretty', terminal.out);
    const answer = await step('Applying migration 0043_diary', () => {
      log.warn('a slow statement');
      return Promise.resolve(42);
    });
    expect(answer).toBe(42);
    const lines = terminal.lines().filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/WARN: a slow statement$/);
    expect(lines[1]).toMatch(/INFO: Applying migration 0043_diary… done in \d+ ms$/);
    // The status line was drawn while the step ran, and redrawn after the warning.
    expect(terminal.written().match(/Applying migration 0043_diary…(?! done)/g)).toHaveLength(2);
  });

  it('says how long a failed step ran, and passes its error on', async () => {
    const terminal = screen(true);
    const { step } = createLog('info', 'pretty', terminal.out);
    await expect(
      step('Applying migration 0099_broken', () => Promise.reject(new Error('syntax error'))),
    ).rejects.toThrow('syntax error');
    expect(terminal.lines().filter(Boolean)).toEqual([
      expect.stringMatching(/INFO: Applying migration 0099_broken… failed after \d+ ms$/),
    ]);
  });

  it('cuts a status line to the terminal width, so that \\r can clear it', async () => {
    const terminal = screen(true, 30);
    const { step } = createLog('info', 'pretty', terminal.out);
    let during: string[] = [];
    await step('After migration 0031_search_heads: vacuum (analyze) a, b, c', () => {
      during = terminal.lines();
      return Promise.resolve();
    });
    expect(during).toEqual(['After migration 0031_search_…']); // 29 characters of 30
  });

  it('writes a step as two plain lines when forced pretty into a pipe', async () => {
    const pipe = screen(false);
    const { step } = createLog('info', 'pretty', pipe.out);
    await step('Applying migration 0043_diary', () => Promise.resolve());
    expect(pipe.written()).not.toContain('\r');
    expect(pipe.lines().filter(Boolean)).toEqual([
      expect.stringMatching(/INFO: Applying migration 0043_diary…$/),
      expect.stringMatching(/INFO: Applying migration 0043_diary… done in \d+ ms$/),
    ]);
  });
});
