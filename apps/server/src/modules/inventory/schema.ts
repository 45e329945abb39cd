/** Tables owned by the inventory module. */
import { pgTable, uuid, text, integer, index } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { products } from '../products/schema.js';
import { users } from '../users/schema.js';

export const inventoryTransactions = pgTable(
  'inventory_transactions',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    inventoryTransactionType: text('inventory_transaction_type').notNull(),
    orderId: uuid('order_id'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('inventory_transactions_product_idx').on(t.productId, t.createdAt.desc())],
);
