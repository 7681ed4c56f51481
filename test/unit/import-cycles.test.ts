/** scripts/import-cycles.ts, run as npm run lint runs it, on folders made here and on src/. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folderOf(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'materia-cycles-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

const check = (...folder: string[]) => {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/import-cycles.ts', ...folder],
    { encoding: 'utf8' },
  );
  return { status: run.status, output: run.stdout + run.stderr };
};

// Each check is a child process (tsx, then src/ read whole): seconds on a busy machine.
describe('the import-cycle check', { timeout: 60_000 }, () => {
  it('fails on a cycle of type-only imports, naming its files', () => {
    const folder = folderOf({
      'a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a: A }\n",
      'c.ts': "import type { A } from './a';\nexport type C = A;\n",
    });
    const { status, output } = check(folder);
    expect(status).toBe(1);
    expect(output).toMatch(/Import cycle among:\n {2}\S*a\.ts\n {2}\S*b\.ts\n/);
    expect(output).not.toContain('c.ts');
  });

  it('passes a folder whose imports only go one way', () => {
    const folder = folderOf({
      'a.ts': 'export interface A { n: number }\n',
      'b.ts': "import type { A } from './a';\nexport type B = A;\n",
    });
    expect(check(folder).status).toBe(0);
  });

  it('passes src/, the allowed cycles aside', () => {
    const { status, output } = check();
    expect(output).toContain('No import cycles among src files');
    expect(status).toBe(0);
  });
});
