// Finds import cycles among the files of src/ and fails when one is not allowed below.
// Every import counts, type-only ones included (`import type`, `export … from`): a cycle of
// types still ties the files together — neither can be read, moved or tested without the
// other — even though the compiler erases it from the JavaScript.
// Run: node --import tsx scripts/import-cycles.ts [folder] (part of npm run lint; folder: src/)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCE = resolve(process.argv[2] ?? join(ROOT, 'src'));
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * Cycles accepted for now, each as its files (relative to the repository, in any rotation) and
 * why it stays. A cycle not listed here fails the check, and so does an entry no cycle matches.
 */
const ALLOWED_IN_SRC: { files: string[]; reason: string }[] = [];

/** The allowed list speaks of src/; another folder (a test's) has none allowed. */
const allowed = SOURCE === join(ROOT, 'src') ? ALLOWED_IN_SRC : [];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveLocal(from: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  if (known.has(base)) return base;
  return EXTENSIONS.map((extension) => base + extension).find((path) => known.has(path));
}

/** Every module specifier a file names: imports, re-exports and dynamic import('…') types. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  return found;
}

function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      specifiers(file)
        .map((specifier) => resolveLocal(file, specifier, known))
        .filter((target): target is string => target !== undefined),
    ]),
  );
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found.map((component) => component.map((file) => relative(ROOT, file)).sort());
}

const sameFiles = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((file, i) => file === [...b].sort()[i]);

const found = cycles(importGraph(sourceFiles(SOURCE)));
const refused = found.filter((cycle) => !allowed.some((entry) => sameFiles(entry.files, cycle)));
const stale = allowed.filter((entry) => !found.some((cycle) => sameFiles(entry.files, cycle)));

for (const cycle of refused) console.error(`Import cycle among:\n  ${cycle.join('\n  ')}`);
for (const entry of stale)
  console.error(
    `Allowed cycle no longer there (remove it from ALLOWED_IN_SRC):\n  ${entry.files.join('\n  ')}`,
  );
if (refused.length > 0 || stale.length > 0) process.exit(1);
console.log(`No import cycles among ${relative(ROOT, SOURCE)} files (${allowed.length} allowed).`);
