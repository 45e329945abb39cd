/**
 * The database schema: every entity of product-spec.md section 3, plus the identity
 * provider's state. Money is integer cents; ids are random UUIDs (gen_random_uuid), except
 * the seeded lookup lists (small integers). Migrations are generated from this file with
 * `npm run db:generate` and committed under ./migrations.
 */
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  integer,
  boolean,
  timestamp,
  jsonb,
  numeric,
  primaryKey,
  index,
  uniqueIndex,
  check,
  serial,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ─── Identity (built-in OpenID provider) ────────────────────────────────────────────
/** Credentials of the built-in provider. `id` is the OIDC subject. */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('identity_accounts_email_key').on(sql`lower(${t.email})`)],
);

/** oidc-provider's models (sessions, grants, codes, refresh tokens, interactions...). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** Secrets generated once and shared by every server process (signing keys, cookie keys). */
export const systemSecrets = pgTable('system_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

// ─── Users and organizations ────────────────────────────────────────────────────────
export const users = pgTable(
  'users',
  {
    id: id(),
    /** `sub` of the identity provider's tokens (issuer-scoped). */
    authSubject: text('auth_subject').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    picture: text('picture'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_auth_subject_key').on(t.authSubject), index('users_email_idx').on(sql`lower(${t.email})`)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    slogan: text('slogan'),
    selectedType: text('selected_type', { enum: ['Merchant', 'Buyer'] }).notNull(),
    /** Live count of the catalogue (not deleted products), kept by a trigger on products. */
    productCount: integer('product_count').notNull().default(0),
    newCustomerMin: integer('new_customer_min'),
    returningCustomerMin: integer('returning_customer_min'),
    newCustomerMinCents: integer('new_customer_min_cents'),
    returningCustomerMinCents: integer('returning_customer_min_cents'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    transactionalEmails: boolean('transactional_emails').notNull().default(true),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organizations_selected_type_check', sql`${t.selectedType} in ('Merchant','Buyer')`),
    check(
      'organizations_terms_non_negative',
      sql`coalesce(${t.newCustomerMin},0) >= 0 and coalesce(${t.returningCustomerMin},0) >= 0 and coalesce(${t.newCustomerMinCents},0) >= 0 and coalesce(${t.returningCustomerMinCents},0) >= 0`,
    ),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('owner'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('memberships_organization_id_idx').on(t.organizationId),
  ],
);

/** A purchaser organization may buy from a seller organization (made by accepting an invite). */
export const purchasingRelationships = pgTable(
  'purchasing_relationships',
  {
    sellerOrganizationId: uuid('seller_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    purchaserOrganizationId: uuid('purchaser_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    inviteId: uuid('invite_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerOrganizationId, t.purchaserOrganizationId] }),
    index('purchasing_relationships_purchaser_idx').on(t.purchaserOrganizationId),
    index('purchasing_relationships_seller_list_idx').on(
      t.sellerOrganizationId,
      t.createdAt.desc(),
      t.purchaserOrganizationId.desc(),
    ),
  ],
);

// ─── Lookup lists (seeded by migration) ─────────────────────────────────────────────
export const productStates = pgTable('product_states', {
  id: serial('id').primaryKey(),
  state: text('state').notNull().unique(),
});
export const orderUnits = pgTable('order_units', {
  id: serial('id').primaryKey(),
  unit: text('unit').notNull().unique(),
});
export const weightUnits = pgTable('weight_units', {
  id: serial('id').primaryKey(),
  unit: text('unit').notNull().unique(),
});
export const dimensionUnits = pgTable('dimension_units', {
  id: serial('id').primaryKey(),
  unit: text('unit').notNull().unique(),
});

// ─── Media ──────────────────────────────────────────────────────────────────────────
export const media = pgTable(
  'media',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Resized variants: { "200": key, "600": key, ... } */
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('media_organization_id_idx').on(t.organizationId)],
);

export const imageSets = pgTable('image_sets', {
  id: id(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  logoMediaId: uuid('logo_media_id').references(() => media.id, { onDelete: 'set null' }),
  splashMediaId: uuid('splash_media_id').references(() => media.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

// ─── Catalogue ──────────────────────────────────────────────────────────────────────
export const products = pgTable(
  'products',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    orderUnitId: integer('order_unit_id').references(() => orderUnits.id),
    quantityPerUnit: integer('quantity_per_unit'),
    stateId: integer('state_id').references(() => productStates.id),
    unitPriceInCents: integer('unit_price_in_cents'),
    msrpInCents: integer('msrp_in_cents'),
    stockKeepingUnit: text('stock_keeping_unit'),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull().default(1),
    universalProductCode: text('universal_product_code'),
    inventoryCount: integer('inventory_count').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    weight: numeric('weight', { precision: 12, scale: 3 }),
    weightUnitId: integer('weight_unit_id').references(() => weightUnits.id),
    length: numeric('length', { precision: 12, scale: 3 }),
    width: numeric('width', { precision: 12, scale: 3 }),
    height: numeric('height', { precision: 12, scale: 3 }),
    dimensionUnitId: integer('dimension_unit_id').references(() => dimensionUnits.id),
    /** Deleted products leave the catalogue but stay for carts and order history. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_org_list_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    index('products_org_state_idx').on(t.organizationId, t.stateId, t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`),
    uniqueIndex('products_org_sku_key')
      .on(t.organizationId, t.stockKeepingUnit)
      .where(sql`${t.deletedAt} is null and ${t.stockKeepingUnit} is not null`),
    /** Catalogue import matches rows without a SKU by name among the products without one. */
    index('products_org_name_no_sku_idx')
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null and ${t.stockKeepingUnit} is null`),
    check('products_prices_non_negative', sql`coalesce(${t.unitPriceInCents},0) >= 0 and coalesce(${t.msrpInCents},0) >= 0`),
    check('products_min_qty_positive', sql`${t.minimumOrderQuantity} >= 1`),
  ],
);

export const productMedia = pgTable(
  'product_media',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    displayOrder: integer('display_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.mediaId] }), index('product_media_order_idx').on(t.productId, t.displayOrder)],
);

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
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_transactions_product_idx').on(t.productId, t.createdAt.desc()),
    uniqueIndex('inventory_transactions_idempotency_key').on(t.organizationId, t.idempotencyKey),
  ],
);

export const packageTemplates = pgTable(
  'package_templates',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    height: numeric('height', { precision: 12, scale: 3 }).notNull(),
    width: numeric('width', { precision: 12, scale: 3 }).notNull(),
    length: numeric('length', { precision: 12, scale: 3 }).notNull(),
    dimensionUnitId: integer('dimension_unit_id')
      .notNull()
      .references(() => dimensionUnits.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('package_templates_org_idx').on(t.organizationId),
    /** One template per name and organization: saving "Default Package" again updates it. */
    uniqueIndex('package_templates_org_name_key').on(t.organizationId, sql`lower(${t.name})`),
    check('package_templates_dimensions_positive', sql`${t.height} > 0 and ${t.width} > 0 and ${t.length} > 0`),
  ],
);

// ─── Addresses ──────────────────────────────────────────────────────────────────────
export const addresses = pgTable('addresses', {
  id: id(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  line1: text('line1').notNull(),
  line2: text('line2'),
  city: text('city').notNull(),
  state: text('state').notNull(),
  postalCode: text('postal_code').notNull(),
  country: text('country').notNull().default('US'),
  createdAt: createdAt(),
});

export const addressLinks = pgTable(
  'address_links',
  {
    id: id(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `business` is the seller's own ship-from address; `shipping` a buyer's saved address. */
    kind: text('kind').notNull().default('shipping'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('address_links_org_idx').on(t.organizationId, t.createdAt.desc())],
);

// ─── Invites ────────────────────────────────────────────────────────────────────────
export const invites = pgTable(
  'invites',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sendToEmail: text('send_to_email').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    acceptedOn: timestamp('accepted_on', { withTimezone: true }),
    acceptedByOrganizationId: uuid('accepted_by_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    /**
     * The user who accepted the invite before having an organization (buyer sign-up runs the
     * accept step first). Their next new organization becomes the purchaser and sets accepted_on.
     */
    claimedByUserId: uuid('claimed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedOn: timestamp('claimed_on', { withTimezone: true }),
  },
  (t) => [
    index('invites_org_list_idx').on(t.organizationId, t.createdOn.desc(), t.id.desc()),
    index('invites_email_idx').on(t.organizationId, t.sendToEmail),
    /** At most one pending invite per address and seller (a repeated invite re-sends it). */
    uniqueIndex('invites_pending_email_key')
      .on(t.organizationId, sql`lower(${t.sendToEmail})`)
      .where(sql`${t.acceptedOn} is null`),
    index('invites_claimed_by_user_idx')
      .on(t.claimedByUserId)
      .where(sql`${t.claimedByUserId} is not null and ${t.acceptedOn} is null`),
  ],
);

// ─── Carts and orders ───────────────────────────────────────────────────────────────
export const carts = pgTable(
  'carts',
  {
    id: id(),
    sellingOrganizationId: uuid('selling_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    purchasingOrganizationId: uuid('purchasing_organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** open while the buyer shops; ordered once its order is submitted. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_one_open_per_pair').on(t.sellingOrganizationId, t.purchasingOrganizationId).where(sql`${t.status} = 'open'`),
    index('carts_purchaser_idx').on(t.purchasingOrganizationId),
  ],
);

export const lineItems = pgTable(
  'line_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** Price captured when the order is submitted; live price until then. */
    unitPriceInCents: integer('unit_price_in_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('line_items_cart_product_key').on(t.cartId, t.productId),
    index('line_items_product_idx').on(t.productId),
    check('line_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .unique()
      .references(() => carts.id),
    sellingOrganizationId: uuid('selling_organization_id')
      .notNull()
      .references(() => organizations.id),
    purchasingOrganizationId: uuid('purchasing_organization_id')
      .notNull()
      .references(() => organizations.id),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    shippingAddressId: uuid('shipping_address_id').references(() => addresses.id),
    shippingCostInCents: integer('shipping_cost_in_cents'),
    shippoProvider: text('shippo_provider'),
    shippoServiceLevelToken: text('shippo_service_level_token'),
    shippoRateId: text('shippo_rate_id'),
    isNet30: boolean('is_net_30'),
    /** draft → submitted */
    status: text('status').notNull().default('draft'),
    subtotalCents: integer('subtotal_cents'),
    totalCents: integer('total_cents'),
    completedOn: timestamp('completed_on', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_seller_idx').on(t.sellingOrganizationId, t.completedOn.desc(), t.id.desc()),
    index('orders_purchaser_idx').on(t.purchasingOrganizationId, t.completedOn.desc(), t.id.desc()),
    index('orders_pair_idx').on(t.sellingOrganizationId, t.purchasingOrganizationId, t.completedOn.desc(), t.id.desc()),
  ],
);

export const shippingInformation = pgTable('shipping_information', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  carrier: text('carrier').notNull(),
  trackingNumber: text('tracking_number').notNull(),
  status: text('status').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const invoices = pgTable('invoices', {
  id: id(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  /** OPEN, PAID or VOID */
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  providerInvoiceId: text('provider_invoice_id'),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

// ─── Payments and banking ───────────────────────────────────────────────────────────
export const paymentAccounts = pgTable('payment_accounts', {
  id: id(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull().unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  details: jsonb('details').notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    mask: text('mask'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_accounts_org_idx').on(t.organizationId),
    uniqueIndex('bank_accounts_provider_account_key').on(t.organizationId, t.provider, t.providerAccountId),
  ],
);

// ─── E-mail ─────────────────────────────────────────────────────────────────────────
/**
 * The mail queue: every message is stored first, then sent by the worker of any server
 * process (claimed with FOR UPDATE SKIP LOCKED, so no message is sent twice), retried with
 * backoff. With the built-in transport the stored message is the delivery (/dev/mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** invite, tracking, ... */
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    fromEmail: text('from_email').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** queued → sending → sent | failed (after the last attempt) */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued','sending')`),
    index('mail_outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

// ─── Rate limits ────────────────────────────────────────────────────────────────────
/** Fixed-window counters shared by every server process (sign-in, sign-up, token). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStartedAt)],
);
