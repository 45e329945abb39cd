/** Tables owned by the users module. */
import { sql } from 'drizzle-orm';
import { pgTable, text, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** `sub` of the identity provider's tokens (issuer-scoped). */
    authSubject: text('auth_subject').notNull(),
    email: text('email').notNull(),
    /** The person's name: from the token at first, then as they give it (sign-up, account). */
    name: text('name'),
    /** Their phone as typed (issue 27; optional, checked by contact-rules.ts). */
    phone: text('phone'),
    picture: text('picture'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_auth_subject_key').on(t.authSubject), index('users_email_idx').on(sql`lower(${t.email})`)],
);
