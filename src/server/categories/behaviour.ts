/**
 * Categories: the tree rules are generic (../entities/tree.ts); here a new category without a key gets
 * one from its label and id, so it stays deletable (rows without a secondary key are not).
 */
import type { categories } from '../../shared/entities';
import { sql } from 'kysely';
import type { EntityBehaviour } from '../entities/behaviour';

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

export const categoryBehaviour: EntityBehaviour<typeof categories> = {
  async afterInsert(ctx, row) {
    if (row.category_key !== '') return;
    const id = row.category_id;
    const key = [slugOf(row.category_label), id].filter(Boolean).join('-');
    await sql`update categories set category_key = ${key}
      where company_id = ${ctx.caller.company.company_id} and category_id = ${id}`.execute(ctx.trx);
  },
};
