/**
 * Products as the shipping module reads them: what a shipping estimate weighs.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export type ProductWeight = {
  /** Per unit; null when the seller has not entered one. */
  weight: number | null;
  /** lb, oz, kg or g; null when not entered. */
  weight_unit: string | null;
};

/** The weight per unit of each product id (removed products included: a cart line may still name one). */
export async function productWeights(db: DbOrTx, productIds: string[]): Promise<Map<string, ProductWeight>> {
  if (productIds.length === 0) return new Map();
  const result = await db.execute<ProductWeight & { id: string }>(sql`
    select p.id, p.weight::float8 as weight, wu.unit as weight_unit
      from json_array_elements_text(${JSON.stringify(productIds)}::json) as v(id)
      join products p on p.id = v.id::uuid
      left join weight_units wu on wu.id = p.weight_unit_id`);
  return new Map(result.rows.map((r) => [r.id, { weight: r.weight, weight_unit: r.weight_unit }]));
}
