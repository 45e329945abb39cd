/**
 * The product page, GET /api/product/{id}: one product as contract `Product`, for the seller's
 * members (every product, removed ones too, for order history) and its purchasers (Live
 * products still in the catalogue; 404 for the rest). It is what a buyer opens from the grid,
 * so it is built like the storefront list (for-sale.ts):
 *
 *  - The product's seller never changes (a product stays in the organization that created it),
 *    so the policy's resource reference remembers it per process: after the first request for a
 *    product the access check needs no lookup of its own.
 *  - The route's access check selects the seller's catalogue stamp in the same statement
 *    (`accessAlongside`, catalog-version.ts), and the process keeps it with the check until a
 *    notification names the seller or the user (auth/access-facts.ts): a kept page costs no
 *    round trip.
 *  - A page is the product's JSON text, kept per process (lib/page-cache.ts) under the stamp it
 *    was built from, with whether purchasers may see it. A miss builds the JSON and reads the
 *    stamp in ONE compiled statement (one snapshot), so a page is never kept under a stamp older
 *    than its data. The stamp (`catalogStampSql(…, true)`) changes with every write to the
 *    seller's products, their photos and price breaks (triggers, migrations 0010 and 0019; stock
 *    is a products column) and with the seller's name — everything a Product shows besides the
 *    lookup lists, which change only with a deploy, and media rows, which are never updated.
 *    A change made through any process shows in every process once PostgreSQL's notification
 *    arrives (at once in the process that made it; auth/access-facts.ts).
 *
 * The body is what `JSON.stringify` made of the product before there was a cache (the
 * production serializer), byte for byte; outside production it is checked against `Product`
 * when built, as the response serializer did.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Product } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { keptUntilNotified, type AccessAlongsideValue, type ResourceRef } from '../../auth/policies.js';
import { accessAlongside, viewerRole } from '../../auth/plugin.js';
import { compileQuery, runCompiled } from '../../db/compiled-query.js';
import { notFound } from '../../lib/errors.js';
import { PageCache, pageCacheBounds, sendCachedPage, type CachedPage, type PageCacheOptions } from '../../lib/page-cache.js';
import { catalogStampSql } from './catalog-version.js';
import { getLookups } from './lookups.js';
import { productAt } from './resources.js';
import { productFrom, productJsonSql } from './service.js';
import { hiddenFromListSql, priceListByIdSql, priceListKeySql, customerPriceListSql } from '../price-lists/sql.js';
import { viewerPurchaserSql } from '../../auth/access.js';

/** What a kept product page knows besides its body. */
export interface ProductPageMeta {
  /** Live and not removed: purchasers may see it. */
  forSale: boolean;
}

/** ~1.3 KB of JSON a product with a photo, plus its compressed copies: about 20 MB when full. */
export const PRODUCT_PAGE_CACHE: PageCacheOptions = pageCacheBounds(10_000, 32 * 1024 * 1024);

/** Product → seller pairs remembered per process (about 150 bytes each). */
const SELLER_CACHE_MAX = 100_000;

/**
 * The product and its seller's stamp in one statement. Always one row: a product that does not
 * exist (or not in that organization) is a row with a stamp and no document.
 */
function productPageStatement(publicUrl: string): SQL {
  const org = sql.placeholder('org');
  return sql`
    select s.stamp, d.for_sale, d.doc
      from (select ${catalogStampSql(org, true)} as stamp) s
      left join lateral (
        select (p.deleted_at is null and p.state_id = ${sql.placeholder('live')}::int
                and not ${hiddenFromListSql('pl', sql`p.id`)}) as for_sale,
               ${productJsonSql(publicUrl, true)} as doc
        ${productFrom(priceListByIdSql(sql`${sql.placeholder('list')}::uuid`))}
         where p.id = ${sql.placeholder('id')}::uuid and p.organization_id = ${org}::uuid
      ) d on true`;
}

type PageRow = { stamp: string; for_sale: boolean | null; doc: string | null };

export interface ProductPages {
  /** Kept pages of this process (tests and diagnostics). */
  readonly cache: PageCache<ProductPageMeta>;
  /** The route policy's product reference: `productAt` that remembers each product's seller. */
  productAt(...at: ResourceRef['at']): ResourceRef;
  /**
   * The route's `accessAlongside`: the seller's catalogue stamp and the price list the user sees
   * the product under (`stamp|list id`), selected with the access check and kept by the process
   * until a notification names the seller or the user (`keptUntilNotified`, policies.ts).
   */
  stampSql(req: FastifyRequest): AccessAlongsideValue;
  /** Answers GET /api/product/{id} for a caller the route's policy let through. */
  send(req: FastifyRequest, reply: FastifyReply, productId: string): Promise<FastifyReply>;
}

export function createProductPages(ctx: AppContext, cacheOptions: PageCacheOptions = PRODUCT_PAGE_CACHE): ProductPages {
  const cache = new PageCache<ProductPageMeta>(cacheOptions);
  const statement = compileQuery(productPageStatement(ctx.config.publicUrl));
  const checkShape = ctx.config.nodeEnv !== 'production';
  /** Product id → seller id (immutable, so never stale). */
  const sellers = new Map<string, string>();
  /** The seller the access check resolved for this request. */
  const sellerOfRequest = new WeakMap<FastifyRequest, string>();

  function remember(productId: string, sellerId: string) {
    if (sellers.size >= SELLER_CACHE_MAX) sellers.delete(sellers.keys().next().value!);
    sellers.set(productId, sellerId);
  }

  async function build(
    productId: string,
    sellerId: string,
    list: string | null,
  ): Promise<Omit<CachedPage<ProductPageMeta>, 'compressed' | 'bytes'>> {
    const lk = await getLookups(ctx.db);
    const [row] = await runCompiled<PageRow>(ctx.db, statement, {
      id: productId,
      org: sellerId,
      list,
      live: lk.liveStateId,
    });
    // Gone since the access check (its seller was deleted): not kept.
    if (!row?.doc) throw notFound('Product');
    const product: unknown = JSON.parse(row.doc);
    if (checkShape) Product.parse(product);
    return {
      stamp: row.stamp,
      json: JSON.stringify(product),
      nextCursor: null,
      meta: { forSale: row.for_sale === true },
    };
  }

  return {
    cache,
    productAt(...at) {
      const ref = productAt(...at);
      return {
        ...ref,
        async owners(db, id, req) {
          let seller = sellers.get(id);
          if (!seller) {
            seller = (await ref.owners(db, id, req))[0];
            // Unknown products are not remembered: the id may be used later.
            if (!seller) return [];
            remember(id, seller);
          }
          sellerOfRequest.set(req, seller);
          return [seller];
        },
      };
    },
    stampSql(req) {
      const seller = sellerOfRequest.get(req);
      if (seller === undefined) return sql`null::text`;
      // Kept per (user, seller) until a notification names either (auth/access-facts.ts).
      return keptUntilNotified(
        seller,
        () => sql`(select ${catalogStampSql(sql`${seller}::uuid`, true)} || '|' || ${priceListKeySql('vl')}
                    from ${customerPriceListSql(sql`${seller}::uuid`, viewerPurchaserSql(sql`${seller}::uuid`, sql`${req.auth!.userId!}::uuid`))} vl)`,
      );
    },
    async send(req, reply, productId) {
      const seller = sellerOfRequest.get(req);
      if (seller === undefined) throw new Error('product page: the access check did not resolve the product’s seller');
      const alongside = accessAlongside(req);
      // `stamp|list`; the stamp is text ('0:' at least); without one, '' matches no page and the
      // page is built. A list's pages are kept apart from the others'.
      const text = typeof alongside === 'string' ? alongside : '|';
      const bar = text.lastIndexOf('|');
      const stamp = text.slice(0, bar);
      const list = text.slice(bar + 1) || null;
      const key = list === null ? productId : `${productId}\u0000${list}`;
      const page = await cache.getOrBuild(key, stamp, () => build(productId, seller, list));
      const role = viewerRole(req, seller);
      if (role !== 'member' && !(role === 'purchaser' && page.meta?.forSale)) throw notFound('Product');
      return sendCachedPage(req, reply, cache, key, page);
    },
  };
}
