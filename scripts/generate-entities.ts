/** Writes src/shared/entities/list.generated.ts (test/unit/entity-list.test.ts checks it). */
import { writeFile } from 'node:fs/promises';
import { entityListText, LIST_PATH } from './generate-entities-list';

await writeFile(LIST_PATH, await entityListText());
console.log(`${LIST_PATH}: written`);
