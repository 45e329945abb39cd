/**
 * What other modules read of users in their own one-query reads (a leaf: it imports only
 * drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';
import { fromItem } from '../../db/from-item.js';

/** A boolean: whether the user whose id is in `userId` has the e-mail in `email` (any case, no surrounding spaces). */
export function userHasEmailSql(userId: SQL, email: SQL): SQL {
  return sql`exists (select 1 from users cu
                      where cu.id = ${userId}
                        and lower(trim(cu.email)) = lower(trim(${email})))`;
}

/** A FROM item: the users (`id`, `email` trimmed, `name`, `phone`); give it an alias. */
export const usersSql = fromItem<{ id: string; email: string; name: string | null; phone: string | null }>()(
  { id: true, email: true, name: true, phone: true },
  () => sql`(select id, trim(email) as email, name, phone from users)`,
);

/** A text: the name of the user whose id is in `userId` (null without a name or user). */
export function userNameSql(userId: SQL): SQL {
  return sql`(select u.name from users u where u.id = ${userId})`;
}

/**
 * A JSON object or null: the person whose id is in `userId` as `{ name, email, phone }` (issue 27:
 * "Placed by"), one index lookup inside the caller's query; null without a user.
 */
export function userContactJsonSql(userId: SQL): SQL {
  return sql`(select json_build_object('name', u.name, 'email', trim(u.email), 'phone', u.phone)
                from users u where u.id = ${userId})`;
}
