/**
 * product.created/updated and variant.created/updated for the seller's webhooks
 * (outbound-webhooks/), in the transaction that saves the product. Only when an endpoint of the
 * seller subscribes to one of them is the product read before and after the save: the variants
 * whose SKU, name or price changed are variant.updated, the new ones variant.created.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { WebhookEventType } from '@cratebase/contract';
import { hasWebhookSubscribers, recordWebhookEvent, recordWebhookEvents } from '../outbound-webhooks/outbox.js';

type CatalogRow = {
  id: string;
  parent_id: string | null;
  name: string;
  sku: string | null;
  price_in_cents: number | null;
  status: string | null;
};

export type CatalogSnapshot = CatalogRow[] | null;

const CATALOG_EVENTS = ['product.created', 'product.updated', 'variant.created', 'variant.updated'] as const;

async function readCatalogRows(tx: DbOrTx, productId: string): Promise<CatalogRow[]> {
  const result = await tx.execute<CatalogRow>(sql`
    select p.id, p.parent_id, p.name, p.stock_keeping_unit as sku, p.unit_price_in_cents as price_in_cents, s.state as status
      from products p left join product_states s on s.id = p.state_id
     where (p.id = ${productId} or p.parent_id = ${productId}) and p.deleted_at is null
     order by p.parent_id nulls first, p.variant_position`);
  return result.rows;
}

/**
 * Before a save: null when no endpoint of the organization listens (then nothing more is read
 * or written); the product's and its variants' rows otherwise (none for a new product).
 */
export async function catalogBeforeSave(tx: DbOrTx, organizationId: string, productId: string | undefined): Promise<CatalogSnapshot> {
  if (!(await hasWebhookSubscribers(tx, organizationId, CATALOG_EVENTS))) return null;
  return productId ? readCatalogRows(tx, productId) : [];
}

/** After the save, in its transaction: the events of what changed since `before`. */
export async function recordCatalogWebhooks(
  tx: DbOrTx,
  organizationId: string,
  productId: string,
  created: boolean,
  before: CatalogSnapshot,
): Promise<void> {
  if (before === null) return;
  const after = await readCatalogRows(tx, productId);
  const product = after.find((r) => r.id === productId);
  if (!product) return;
  await recordWebhookEvent(tx, organizationId, created ? 'product.created' : 'product.updated', {
    product_id: product.id,
    name: product.name,
    sku: product.sku,
    price_in_cents: product.price_in_cents,
    status: product.status,
  });
  const previous = new Map(before.map((r) => [r.id, r]));
  for (const variant of after.filter((r) => r.parent_id === productId)) {
    const was = previous.get(variant.id);
    const changed = !was || was.sku !== variant.sku || was.name !== variant.name || was.price_in_cents !== variant.price_in_cents;
    if (!changed) continue;
    await recordWebhookEvent(tx, organizationId, was ? 'variant.updated' : 'variant.created', {
      product_id: productId,
      variant_id: variant.id,
      sku: variant.sku,
      name: variant.name,
      price_in_cents: variant.price_in_cents,
    });
  }
}

/**
 * inventory.changed for products (or variants) whose stock a transaction just set, in its
 * transaction: each with its product, variant (null for a product without variants), SKU and count.
 */
export async function recordInventoryWebhook(tx: DbOrTx, organizationId: string, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0 || !(await hasWebhookSubscribers(tx, organizationId, ['inventory.changed']))) return;
  const result = await tx.execute<{ product_id: string; variant_id: string | null; sku: string | null; inventory_count: number | null }>(sql`
    select coalesce(p.parent_id, p.id) as product_id, case when p.parent_id is null then null else p.id end as variant_id,
           p.stock_keeping_unit as sku, p.inventory_count
      from products p
     where p.id = any(${sql.param(productIds)}::uuid[]) and p.organization_id = ${organizationId}
     order by p.id`);
  if (result.rows.length > 0) await recordWebhookEvent(tx, organizationId, 'inventory.changed', { items: result.rows });
}

/** inventory.changed carries at most this many items; more make several events. */
const INVENTORY_EVENT_ITEMS = 1_000;

/**
 * A catalogue import's events (catalog-import/service.ts), in its transaction, in one statement:
 * product/variant created and updated for the rows it wrote (products first, the created ones
 * before the updated), and inventory.changed for the stock it set (1,000 items an event). Nothing is read when no endpoint of the organization listens.
 */
export async function recordCatalogImportWebhooks(
  tx: DbOrTx,
  organizationId: string,
  changes: { created: Iterable<string>; updated: Iterable<string>; stockSet: Iterable<string> },
): Promise<void> {
  const created = new Set(changes.created);
  const updated = new Set([...changes.updated].filter((id) => !created.has(id)));
  const stockSet = new Set(changes.stockSet);
  if (created.size + updated.size + stockSet.size === 0) return;
  if (!(await hasWebhookSubscribers(tx, organizationId, [...CATALOG_EVENTS, 'inventory.changed']))) return;
  const ids = [...new Set([...created, ...updated, ...stockSet])];
  const result = await tx.execute<CatalogRow & { inventory_count: number | null; position: number | null }>(sql`
    select p.id, p.parent_id, p.name, p.stock_keeping_unit as sku, p.unit_price_in_cents as price_in_cents,
           s.state as status, p.inventory_count, p.variant_position as position
      from products p left join product_states s on s.id = p.state_id
     where p.id = any(${sql.param(ids)}::uuid[]) and p.organization_id = ${organizationId}
     order by p.parent_id nulls first, p.variant_position`);
  // Products before variants; within them as the caller listed them (the created, then the updated).
  const listed = new Map([...created, ...updated].map((id, i) => [id, i]));
  const rows = [...result.rows].sort(
    (a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null) || (listed.get(a.id) ?? 0) - (listed.get(b.id) ?? 0),
  );
  const events: { type: WebhookEventType; data: Record<string, unknown> }[] = [];
  for (const row of rows) {
    if (!created.has(row.id) && !updated.has(row.id)) continue;
    const fresh = created.has(row.id);
    events.push(
      row.parent_id === null
        ? {
            type: fresh ? 'product.created' : 'product.updated',
            data: { product_id: row.id, name: row.name, sku: row.sku, price_in_cents: row.price_in_cents, status: row.status },
          }
        : {
            type: fresh ? 'variant.created' : 'variant.updated',
            data: { product_id: row.parent_id, variant_id: row.id, sku: row.sku, name: row.name, price_in_cents: row.price_in_cents },
          },
    );
  }
  const items = rows
    .filter((row) => stockSet.has(row.id))
    .map((row) => ({
      product_id: row.parent_id ?? row.id,
      variant_id: row.parent_id === null ? null : row.id,
      sku: row.sku,
      inventory_count: row.inventory_count,
    }));
  for (let i = 0; i < items.length; i += INVENTORY_EVENT_ITEMS) {
    events.push({ type: 'inventory.changed', data: { items: items.slice(i, i + INVENTORY_EVENT_ITEMS) } });
  }
  await recordWebhookEvents(tx, organizationId, events);
}
