/** Line sheets as access-policy resources: a sheet or a request resolves to its seller. */
import { lineSheetRequests, lineSheets } from './schema.js';
import { ownedRowAt, type ResourceRef } from '../../auth/policies.js';

export function lineSheetAt(...at: ResourceRef['at']): ResourceRef {
  return ownedRowAt('line sheet', lineSheets, at);
}

export function lineSheetRequestAt(...at: ResourceRef['at']): ResourceRef {
  return ownedRowAt('line sheet request', lineSheetRequests, at);
}
