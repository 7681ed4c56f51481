/**
 * The checked-in list of entity definitions (src/shared/entities/list.generated.ts), built from
 * the files of the definitions folder: a file defines an entity when it exports a constant made
 * by a call whose object starts with `entities: '…'` (defineEntity, referenceList). The server
 * (tsx), the web (Vite) and the tests (Vitest) all import the same typed file; nothing globs.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

export const ENTITIES_DIR = 'src/shared/entities';
export const LIST_PATH = `${ENTITIES_DIR}/list.generated.ts`;

const DEFINITION = /^export const (\w+) = \w+\(\{\s*entities: '(\w+)'/m;

export interface DefinitionFile {
  file: string;
  name: string;
  entities: string;
}

/** The definition files of the folder, by file name. */
export async function definitionFiles(dir = ENTITIES_DIR): Promise<DefinitionFile[]> {
  const names = (await readdir(dir)).filter((f) => f.endsWith('.ts') && f !== 'list.generated.ts');
  const found: DefinitionFile[] = [];
  for (const file of names.sort()) {
    const match = DEFINITION.exec(await readFile(join(dir, file), 'utf8'));
    if (match?.[1] && match[2])
      found.push({ file: file.replace(/\.ts$/, ''), name: match[1], entities: match[2] });
  }
  return found;
}

/** The list file's text, formatted as Prettier would leave it. */
export async function entityListText(dir = ENTITIES_DIR): Promise<string> {
  const files = await definitionFiles(dir);
  const text = [
    '// Written by `npm run generate:entities` from the definition files of this folder; do not edit.',
    '// ./index.ts reads every export of this file as the list of entity definitions.',
    ...files.map((f) => `export { ${f.name} } from './${f.file}';`),
    '',
    '/** The path of every entity set: what the maps of per-entity code are keyed by. */',
    `export type EntityPath = ${files.map((f) => `'${f.entities}'`).join(' | ')};`,
    '',
  ].join('\n');
  return format(text, { ...(await resolveConfig(LIST_PATH)), filepath: LIST_PATH });
}

/**
 * What is wrong with a checked-in list: each definition file it lacks and each file it names
 * that defines nothing (any other difference: the text is stale). Empty when it is current.
 */
export async function listProblems(listText: string, dir = ENTITIES_DIR): Promise<string[]> {
  const files = await definitionFiles(dir);
  const named = new Set(
    [...listText.matchAll(/^export \{ \w+ \} from '\.\/([\w-]+)';$/gm)].map((m) => m[1]),
  );
  const fix = 'run npm run generate:entities';
  const problems = [
    ...files
      .filter((f) => !named.has(f.file))
      .map((f) => `${dir}/${f.file}.ts defines "${f.name}" but is not in ${LIST_PATH}: ${fix}.`),
    ...[...named]
      .filter((file) => !files.some((f) => f.file === file))
      .map((file) => `${LIST_PATH} names ${dir}/${file}.ts, which defines no entity: ${fix}.`),
  ];
  if (problems.length === 0 && listText !== (await entityListText(dir)))
    problems.push(`${LIST_PATH} is stale: ${fix}.`);
  return problems;
}
