/**
 * Dispensary stock: what is made from which herb and part, in which form and
 * strength, with stock and reorder level in the base unit of its kind (mg or ml). The stock is
 * held in batches (./batches.ts) and moved only through the stock ledger.
 */
import { defineEntity } from './define';
import { category, input, money, quantity, reference, select } from './fields';
import { FORM_OPTIONS, MATERIA_UNIT_KIND_OPTIONS } from './options';

const stockUnit = { kindField: 'dispensary_product_unit_kind' } as const;

export const dispensary_products = defineEntity({
  entities: 'dispensary_products',
  base: 'dispensary_product',
  title: 'Dispensary',
  module: {
    description: 'Dispensary stock: tinctures, dried herbs, powders and capsules.',
    section: 'Materia medica',
    position: 2,
    leftDrawer: true,
  },
  singular: 'dispensary product',
  fields: [
    input('dispensary_product_name', { required: true, label: 'Name' }),
    // A product stays tied to its herb: the herb can not be deleted while products name it.
    reference('dispensary_product_herb_id', 'herbs', { storage: { onDelete: 'restrict' } }),
    reference('dispensary_product_partused_id', 'partuseds', { label: 'Part used' }),
    select('dispensary_product_form', FORM_OPTIONS, { required: true, default: 'tincture' }),
    input('dispensary_product_strength', {
      max: 50,
      hint: 'e.g. 1:3 45% for a tincture, 500 mg per capsule',
    }),
    select('dispensary_product_unit_kind', MATERIA_UNIT_KIND_OPTIONS, {
      required: true,
      default: 'volume',
      label: 'Measured by',
    }),
    // The stock ledger's sum, kept by the database as ledger rows are written
    // (src/server/stock/): no call writes it.
    quantity('dispensary_product_stock', stockUnit, { label: 'In stock', readOnly: true }),
    quantity('dispensary_product_reorder_level', stockUnit),
    // Stored per 100 g / 100 ml; the editor says per what, in the company's units.
    money('dispensary_product_cost', { label: 'Cost', pricePer: stockUnit }),
    money('dispensary_product_price', { label: 'Price', pricePer: stockUnit }),
    input('dispensary_product_supplier', { max: 100 }),
    category('dispensary_product_category_id', 'dispensary'),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Product',
          items: [
            'dispensary_product_name',
            'dispensary_product_herb_id',
            'dispensary_product_partused_id',
            'dispensary_product_form',
            'dispensary_product_strength',
            'dispensary_product_category_id',
          ],
        },
        {
          title: 'Stock and price',
          items: [
            'dispensary_product_unit_kind',
            'dispensary_product_stock',
            'dispensary_product_reorder_level',
            'dispensary_product_cost',
            'dispensary_product_price',
            'dispensary_product_supplier',
          ],
        },
      ],
    },
  ],
  indexes: [['dispensary_product_herb_id']],
  list: {
    columns: [
      'dispensary_product_name',
      'dispensary_product_form',
      'dispensary_product_stock',
      'dispensary_product_unit_kind',
    ],
    search: ['dispensary_product_name', 'dispensary_product_supplier'],
    filters: [
      'dispensary_product_form',
      'dispensary_product_herb_id',
      'dispensary_product_unit_kind',
      'dispensary_product_category_id',
    ],
    sortable: ['dispensary_product_price'],
  },
});
