/** Writes docs/entities.md from the shared definitions (test/unit/entity-docs.test.ts checks it). */
import { writeFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { entitiesMarkdown } from '../src/server/entities/docs';

const path = 'docs/entities.md';
const options = { ...(await resolveConfig(path)), parser: 'markdown' };
await writeFile(path, await format(entitiesMarkdown(), options));
console.log(`${path}: written`);
