/** The checked-in list of entity definitions is the one the definition files generate. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTITIES_DIR, LIST_PATH, listProblems } from '../../scripts/generate-entities-list';
import { ENTITIES, type EntityDefinition } from '../../src/shared/entities';

const isDefinition = (value: unknown): value is EntityDefinition =>
  typeof value === 'object' && value !== null && 'entities' in value && 'moduleEntry' in value;

describe('the entity list (src/shared/entities/list.generated.ts)', () => {
  it('names every definition file of the folder and nothing else', async () => {
    expect(await listProblems(await readFile(LIST_PATH, 'utf8'))).toEqual([]);
  });

  it('holds every entity definition any file of the folder exports', () => {
    const files = import.meta.glob('../../src/shared/entities/*.ts', { eager: true });
    const exported = Object.values(files).flatMap((m) =>
      Object.values(m as Record<string, unknown>).filter(isDefinition),
    );
    const missing = exported.filter((d) => !ENTITIES.includes(d)).map((d) => d.entities);
    expect(missing, 'run npm run generate:entities').toEqual([]);
  });

  describe('in a folder with a new definition', () => {
    let dir = '';
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true });
    });

    it('names the file that is missing, and the file that is gone', async () => {
      dir = await mkdtemp(join(tmpdir(), 'entities-'));
      await cp(ENTITIES_DIR, dir, { recursive: true });
      await writeFile(
        join(dir, 'diets.ts'),
        "export const diets = referenceList({\n  entities: 'diets',\n});\n",
      );
      await rm(join(dir, 'organs.ts'));
      const list = await readFile(LIST_PATH, 'utf8');
      expect(await listProblems(list, dir)).toEqual([
        `${dir}/diets.ts defines "diets" but is not in ${LIST_PATH}: run npm run generate:entities.`,
        `${LIST_PATH} names ${dir}/organs.ts, which defines no entity: run npm run generate:entities.`,
      ]);
    });
  });
});
