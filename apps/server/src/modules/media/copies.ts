/**
 * The media job: gives uploads from before the current copy ladder (contract
 * MEDIA_VARIANT_WIDTHS) the copies they lack. An upload has all of them once it has a copy at
 * its own width (`variants[width]`), which every new upload gets and no earlier one had: that is
 * what a round looks for. Until a row is done the browser picks among the copies it has (the
 * srcset lists them all), so nothing breaks meanwhile.
 *
 * A round claims a batch in one statement (`for update skip locked`), marking each row with its
 * original as the copy at its width, so two processes never work on one row; it then makes the
 * missing copies (sharing the upload limiter's turns), stores them and merges them into the row.
 * A row whose original cannot be read keeps that mark: the original stands in at its width.
 */
import { sql } from 'drizzle-orm';
import { ACCEPTED_IMAGE_TYPES, mediaCopyWidths, type AcceptedImageType } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { periodicJob, type PeriodicJob } from '../../lib/periodic-job.js';
import { makeCopies, originalExtension } from './image.js';
import { limitProcessing } from './service.js';

/** Rows per round; a full batch asks for the next round right away. */
export const COPIES_BATCH = 8;
const INTERVAL_MS = 10 * 60_000;
const FIRST_DELAY_MS = 5_000;

export interface CopiesRound {
  /** Rows claimed this round. */
  claimed: number;
  /** Rows given their missing copies. */
  filled: number;
  /** Rows whose original could not be read or processed (the original stands in). */
  failed: number;
}

interface ClaimedRow extends Record<string, unknown> {
  id: string;
  organization_id: string;
  storage_key: string;
  content_type: string;
  width: number;
  variants: Record<string, string>;
}

const isAccepted = (t: string): t is AcceptedImageType => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(t);

/** One round: claims up to `batch` rows without a copy at their own width and fills them in. */
export async function fillMissingCopies(ctx: AppContext, batch = COPIES_BATCH): Promise<CopiesRound> {
  const claimed = await ctx.db.execute<ClaimedRow>(sql`
    update media m
       set variants = m.variants || jsonb_build_object(m.width::text, m.storage_key)
      from (select id from media
             where width is not null and not (variants ? width::text)
             order by created_at, id
             limit ${batch}
             for update skip locked) todo
     where m.id = todo.id
    returning m.id, m.organization_id, m.storage_key, m.content_type, m.width,
              m.variants - m.width::text as variants`);
  const round: CopiesRound = { claimed: claimed.rows.length, filled: 0, failed: 0 };
  const storage = ctx.providers.storage;
  for (const row of claimed.rows) {
    try {
      if (!isAccepted(row.content_type)) throw new Error(`not an image type: ${row.content_type}`);
      const type = row.content_type;
      // Keys are `{org}/{media}/original.{ext}` (service.ts); the local driver stores the key itself.
      const key = /^https?:\/\//.test(row.storage_key)
        ? `${row.organization_id}/${row.id}/original.${originalExtension(type)}`
        : row.storage_key;
      const bytes = await storage.get(key);
      if (!bytes) throw new Error(`the original ${key} is missing`);
      const missing = new Set(mediaCopyWidths(row.width).filter((w) => !(String(w) in row.variants)));
      const copies = await limitProcessing(() => makeCopies(bytes, type, { width: row.width }, missing));
      const added: Record<string, string> = {};
      const prefix = `${row.organization_id}/${row.id}`;
      for (const [w, image] of copies) {
        const copyKey = `${prefix}/w${w}.${image.ext}`;
        await storage.put(copyKey, image.bytes, image.contentType);
        added[String(w)] = storage.locator(copyKey);
      }
      if (Object.keys(added).length > 0) {
        await ctx.db.execute(sql`update media set variants = variants || ${JSON.stringify(added)}::jsonb where id = ${row.id}`);
      }
      round.filled += 1;
    } catch (err) {
      round.failed += 1;
      ctx.log.warn({ err, mediaId: row.id }, 'media copies: could not make the copies; the original stands in');
    }
  }
  return round;
}

export type MediaCopiesJob = PeriodicJob & {
  /** One round now (tests and operators). */
  runOnce: (batch?: number) => Promise<CopiesRound>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's media job (tests run a round). */
    mediaCopies: MediaCopiesJob;
  }
}

/** The media job (rounds every 10 minutes, right after a full batch; the first 5 s after start). */
export function createMediaCopies(ctx: AppContext): MediaCopiesJob {
  const job = periodicJob({
    intervalMs: INTERVAL_MS,
    firstDelayMs: FIRST_DELAY_MS,
    run: () => fillMissingCopies(ctx),
    again: (r) => r.claimed === COPIES_BATCH,
    done: (r) => {
      if (r.claimed > 0) ctx.log.info(r, 'media copies: earlier uploads given their resized copies');
    },
    failed: (err) => ctx.log.warn({ err }, 'media copies: round failed; retrying at the next one'),
  });
  return { ...job, runOnce: (batch) => fillMissingCopies(ctx, batch) };
}
