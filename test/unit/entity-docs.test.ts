import { readFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { expect, it } from 'vitest';
import { entitiesMarkdown } from '../../src/server/entities/docs';

it('docs/entities.md is what the definitions generate (regenerate it when they change)', async () => {
  const path = 'docs/entities.md';
  const options = { ...(await resolveConfig(path)), parser: 'markdown' };
  expect(await readFile(path, 'utf8')).toBe(await format(entitiesMarkdown(), options));
});
