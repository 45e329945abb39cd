/**
 * The database schema, assembled: each module owns its tables in its own schema.ts and
 * queries only those (apps/server/src/db/table-ownership.test.ts enforces it); this file
 * re-exports them all for the database client and drizzle-kit (`npm run db:generate`), and
 * owns the tables of the database infrastructure itself. Money is integer cents; ids are
 * random UUIDs (gen_random_uuid), except the seeded lookup lists (small integers).
 */
import { jsonb, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

export * from '../identity/schema.js';
export * from '../modules/users/schema.js';
export * from '../modules/organizations/schema.js';
export * from '../auth/schema.js';
export * from '../modules/products/schema.js';
export * from '../modules/media/schema.js';
export * from '../modules/inventory/schema.js';
export * from '../modules/package-templates/schema.js';
export * from '../modules/addresses/schema.js';
export * from '../modules/invites/schema.js';
export * from '../modules/customers/schema.js';
export * from '../modules/carts/schema.js';
export * from '../modules/orders/schema.js';
export * from '../modules/payments/schema.js';
export * from '../modules/checkout/schema.js';
export * from '../modules/shipping/schema.js';
export * from '../modules/banking/schema.js';
export * from '../modules/team/schema.js';
export * from '../modules/dashboard/schema.js';
export * from '../modules/refunds/schema.js';
export * from '../modules/order-lifecycle/schema.js';
export * from '../modules/resale-certificates/schema.js';
export * from '../modules/price-lists/schema.js';
export * from '../modules/line-sheets/schema.js';
export * from '../modules/proposals/schema.js';
export * from '../modules/outbound-webhooks/schema.js';
export * from '../providers/mail/schema.js';
export * from '../providers/payments/schema.js';

/**
 * Idempotency keys of every command a retry may repeat (db/command.ts): claimed inside the
 * command's transaction, with the answer stored for replays. `scope` is the organization or
 * user the command acts for.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: uuid('scope').notNull(),
    key: text('key').notNull(),
    command: text('command').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
