/**
 * What other modules read of media and image sets in their own one-query reads (a leaf: it
 * imports only drizzle, db/ and other modules' sql.ts; docs/architecture.md → Boundaries).
 */
import { sql, type SQL } from 'drizzle-orm';
import { fromItem } from '../../db/from-item.js';

/** Columns that build an ImageSet from `image_sets iset`, `media lm` (logo), `media sm` (splash). */
export const imageSetColumns = sql`
  iset.id as image_set_id,
  lm.id as logo_id, lm.storage_key as logo_key, lm.width as logo_width, lm.height as logo_height,
  lm.variants as logo_variants,
  sm.id as splash_id, sm.storage_key as splash_key, sm.width as splash_width, sm.height as splash_height,
  sm.variants as splash_variants`;

/** `left join`s of the organization's image set (`iset`) and its logo (`lm`) and cover photo (`sm`), for imageSetColumns. */
export function imageSetJoins(orgIdColumn: SQL): SQL {
  return sql`
  left join image_sets iset on iset.organization_id = ${orgIdColumn}
  left join media lm on lm.id = iset.logo_media_id
  left join media sm on sm.id = iset.splash_media_id`;
}

/** The logo's stored key and resized variants, from the joins of imageSetJoins. */
export const logoKeyColumns = sql`lm.storage_key as logo_key, lm.variants as logo_variants`;

/** A FROM item: the media rows (`id`, `storage_key`, `width`, `height`, `variants`), for joinMediaSql. */
export const mediaSql = fromItem<{
  id: string;
  storage_key: string;
  width: number | null;
  height: number | null;
  variants: Record<string, string>;
}>()({ id: true, storage_key: true, width: true, height: true, variants: true }, () => sql`(select id, storage_key, width, height, variants from media)`);

/** `join` of the media row whose id is in `mediaId`, as `alias` (id, storage_key, width, height, variants). */
export function joinMediaSql(alias: string, mediaId: SQL): SQL {
  const m = mediaSql().alias(alias);
  return sql`join ${m.from} on ${m.col('id')} = ${mediaId}`;
}
