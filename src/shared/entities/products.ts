/** Other products the clinic sells (books, creams, teas): a price and a count in stock. */
import { defineEntity } from './define';
import { category, input, money, number, textarea } from './fields';

export const products = defineEntity({
  entities: 'products',
  base: 'product',
  title: 'Products',
  module: {
    description: 'Other products the clinic sells.',
    section: 'Materia medica',
    position: 3,
    leftDrawer: true,
  },
  singular: 'product',
  fields: [
    input('product_name', { required: true, label: 'Name' }),
    input('product_code', { max: 50, label: 'Code (SKU)', copy: false }),
    textarea('product_description'),
    money('product_price'),
    number('product_stock', {
      integer: true,
      min: 0,
      max: 1_000_000_000,
      default: 0,
      label: 'In stock',
    }),
    category('product_category_id', 'products'),
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        { title: 'Product', items: ['product_name', 'product_code', 'product_category_id'] },
        { title: 'Stock and price', items: ['product_price', 'product_stock'] },
        { title: 'Description', columns: 2, items: ['product_description'] },
      ],
    },
  ],
  list: {
    columns: ['product_name', 'product_code', 'product_price', 'product_stock'],
    search: ['product_name', 'product_code'],
    filters: ['product_category_id'],
    sortable: ['product_price', 'product_stock'],
  },
});
