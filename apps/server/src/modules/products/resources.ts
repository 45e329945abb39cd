/** Products as access-policy resources: a product id resolves to the organization that sells it. */
import { products } from './schema.js';
import { ownedRowAt, type ResourceRef } from '../../auth/policies.js';

/** A product named by id somewhere in the request (removed products still resolve). */
export function productAt(...at: ResourceRef['at']): ResourceRef {
  return ownedRowAt('product', products, at);
}
