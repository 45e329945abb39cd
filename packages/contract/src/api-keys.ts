import { z } from 'zod';
import { Uuid, singleLineText } from './common.js';
import { API_KEY_LIMITS, API_KEY_SCOPES } from './api-key-rules.js';

export const ApiKeyScope = z.enum(API_KEY_SCOPES, { message: `must be one of ${API_KEY_SCOPES.join(', ')}` });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const ApiKeyParams = z.strictObject({ org_id: Uuid, api_key_id: Uuid });

/** POST /api/organization/{org_id}/api_keys */
export const CreateApiKeyBody = z.strictObject({
  name: singleLineText({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(API_KEY_LIMITS.name, `must be at most ${API_KEY_LIMITS.name} characters`),
  scopes: z
    .array(ApiKeyScope, { message: 'must be a list of scopes' })
    .min(1, 'must name at least one scope')
    .max(API_KEY_SCOPES.length, `must have at most ${API_KEY_SCOPES.length} scopes`)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope')
    .meta({ uniqueItems: true }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** A key as the settings screen lists it: never its secret. Times are ISO 8601. */
export const ApiKey = z.object({
  id: Uuid,
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** `cb_live_…abcd`: enough to recognise it. */
  masked: z.string(),
  created_at: z.string(),
  created_by: z.object({ name: z.string().nullable(), email: z.string() }),
  /** Updated at most once a minute. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeyList = z.object({ api_keys: z.array(ApiKey) });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** The answer to creating a key: the only time its secret is shown. */
export const CreatedApiKey = ApiKey.extend({ token: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
