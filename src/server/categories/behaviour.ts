/**
 * Categories: the tree rules are generic (../entities/tree.ts); here a new category without a key gets
 * one from its label and id, so it stays deletable (rows without a secondary key are not).
 */
import { sql } from 'kysely';
import type { EntityBehaviour } from '../entities/behaviour';

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

export const categoryBehaviour: EntityBehaviour = {
  async afterInsert(ctx, row) {
    if (row.category_key !== '') return;
    const id = row.category_id as number;
    const key = [slugOf(String(row.category_label)), id].filter(Boolean).join('-');
    await sql`update categories set category_key = ${key}
      where company_id = ${ctx.caller.company.company_id} and category_id = ${id}`.execute(ctx.trx);
  },
};
