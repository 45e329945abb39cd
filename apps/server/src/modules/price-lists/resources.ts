/** Price lists as access-policy resources: a list id resolves to the seller that owns it. */
import { priceLists } from './schema.js';
import { ownedRowAt, type ResourceRef } from '../../auth/policies.js';

/** A price list named by id somewhere in the request (404 to anyone not a member of its seller). */
export function priceListAt(...at: ResourceRef['at']): ResourceRef {
  return ownedRowAt('price list', priceLists, at);
}
