/**
 * The stock ledger's rows were applied to their batches and products one row at a time, each
 * with two UPDATE statements: a 30-line dispense ran 60–90 of them, most of its time. Now the
 * rows one statement adds are applied together — each batch and each product updated once, by
 * the sum of its moves — with the same guarantees: in the same statement, the `>= 0` checks on
 * both, and a move naming a batch of another product refused.
 */
import type { Migration } from '../migrate';

export const stockMovesPerStatement0030: Migration = {
  name: '0030_stock_moves_per_statement',
  sql: `
drop trigger stock_moves_applied on stock_moves;
drop function stock_moves_apply();

create function stock_moves_apply() returns trigger language plpgsql as $$
declare
  wanted bigint;
  applied bigint;
begin
  select count(*) into wanted from (select distinct company_id, stock_move_batch_id,
    stock_move_product_id from added) b;
  update batches b set batch_quantity = b.batch_quantity + m.quantity
    from (select company_id, stock_move_batch_id, stock_move_product_id,
        sum(stock_move_quantity) as quantity
      from added group by 1, 2, 3) m
    where b.company_id = m.company_id and b.batch_id = m.stock_move_batch_id
      and b.batch_dispensary_product_id = m.stock_move_product_id;
  get diagnostics applied = row_count;
  if applied <> wanted then
    raise exception 'a stock move names a batch that does not hold its product';
  end if;
  update dispensary_products p
    set dispensary_product_stock = p.dispensary_product_stock + m.quantity
    from (select company_id, stock_move_product_id, sum(stock_move_quantity) as quantity
      from added group by 1, 2) m
    where p.company_id = m.company_id and p.dispensary_product_id = m.stock_move_product_id;
  return null;
end $$;
create trigger stock_moves_applied after insert on stock_moves
  referencing new table as added
  for each statement execute function stock_moves_apply();
`,
};
