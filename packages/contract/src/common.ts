import { z } from 'zod';

/** Random UUID identifiers (v4) used for every entity except seeded lookup lists. */
export const Uuid = z.uuid({ message: 'must be a UUID' });

/** Error body of every non-2xx API answer. */
export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Keyset pagination accepted by every list that can grow. */
export const ListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  cursor: z.string().max(200).optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;


export const OrgIdParams = z.strictObject({ org_id: Uuid });
export const IdParams = z.strictObject({ id: Uuid });
