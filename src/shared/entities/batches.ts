/**
 * Batches of dispensary stock: what was received of a product, from which supplier, under which
 * batch number and expiry. Their quantities move only through the stock ledger (src/server/stock/),
 * so a batch is never added or deleted here and its quantities are read-only: receiving stock is
 * `stock/receive`, which adds the batch and its ledger row together.
 */
import { defineEntity } from './define';
import { date, input, money, quantity, reference, select } from './fields';
import { MATERIA_UNIT_KIND_OPTIONS } from './options';

const stockUnit = { kindField: 'batch_unit_kind' } as const;

export const batches = defineEntity({
  entities: 'batches',
  base: 'batch',
  title: 'Batches',
  module: {
    description: 'Batches of dispensary stock: supplier, batch number, expiry and what is left.',
    section: 'Materia medica',
    position: 3,
  },
  singular: 'batch',
  fields: [
    input('batch_name', { required: true, label: 'Batch number', max: 100 }),
    reference('batch_dispensary_product_id', 'dispensary_products', {
      required: true,
      label: 'Product',
    }),
    input('batch_supplier', { max: 100, label: 'Supplier' }),
    date('batch_expiry', { label: 'Expiry' }),
    date('batch_received', {
      label: 'Received',
      readOnly: true,
      storage: { default: 'current_date' },
    }),
    // Copied from the product at receipt, so the quantities read in the product's unit.
    select('batch_unit_kind', MATERIA_UNIT_KIND_OPTIONS, {
      required: true,
      readOnly: true,
      default: 'volume',
      label: 'Measured by',
    }),
    quantity('batch_quantity', stockUnit, { readOnly: true, label: 'On hand' }),
    quantity('batch_received_quantity', stockUnit, { readOnly: true, label: 'Received quantity' }),
    money('batch_cost', { label: 'Cost', pricePer: stockUnit }),
  ],
  extras: [{ name: 'batch_trace', type: 'slot', label: 'Where did this batch go', route: 'list' }],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Batch',
          items: [
            'batch_name',
            'batch_dispensary_product_id',
            'batch_supplier',
            'batch_expiry',
            'batch_received',
            'batch_cost',
          ],
        },
        {
          title: 'Quantity',
          items: ['batch_unit_kind', 'batch_quantity', 'batch_received_quantity'],
        },
        { title: 'Where did this batch go', columns: 2, items: ['batch_trace'] },
      ],
    },
  ],
  // FEFO reads a product's batches by expiry; the expiry list reads every batch by expiry.
  indexes: [['batch_dispensary_product_id', 'batch_expiry'], ['batch_expiry']],
  list: {
    columns: ['batch_name', 'batch_dispensary_product_id', 'batch_expiry', 'batch_quantity'],
    search: ['batch_name', 'batch_supplier'],
    filters: ['batch_dispensary_product_id', 'batch_expiry', 'batch_supplier'],
    sortable: ['batch_received'],
    defaultSort: 'batch_expiry',
  },
  capabilities: { insert: false, delete: false, copy: false },
});
