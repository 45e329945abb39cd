/**
 * Claims (issue 23 §5, returns and claims): the retailer reports damaged, missing or wrong units
 * of what shipped — lines and quantities, a note, photos of its own — and the seller refunds
 * them (to the card, as a credit note, or off the open invoice), sends a replacement shipment
 * (tracked stock goes out again), or declines with a reason; each step e-mails the other side
 * and writes the timeline. Commands of commands.ts: one transaction under the order row's lock,
 * so units claimed (open, refunded or replaced) never pass the units shipped, and a claim is
 * decided once.
 */
import { sql } from 'drizzle-orm';
import {
  CARRIER_LABELS,
  CLAIM_KIND_LABELS,
  trackingUrl,
  type Carrier,
  type ClaimKind,
  type Order,
  type RefundReason,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { notFound, refusal } from '../../lib/errors.js';
import { claimSellerSlot } from '../checkout/seller-slot.js';
import { recordOrderSales } from '../inventory/service.js';
import { imagesOfOrganization } from '../media/service.js';
import { lockCatalogVersion } from '../products/catalog-version.js';
import { takeTrackedStock } from '../products/stock.js';
import {
  commandEvent,
  lineNamed,
  giveBack,
  mailSides,
  plural,
  runCommand,
  touchBoth,
  unitsText,
  type Actor,
  type CommandContext,
} from './commands.js';

type ClaimRow = {
  id: string;
  kind: ClaimKind;
  status: string;
  lines: { line_item_id: string; quantity: number }[];
  note: string;
};

const REFUND_REASON_OF: Record<ClaimKind, RefundReason> = {
  damaged: 'damaged',
  missing: 'other',
  wrong_item: 'returned',
};

/** POST /api/order/{order_id}/claims. */
export function openClaim(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: { kind: ClaimKind; lines: { line_item_id: string; quantity: number }[]; note: string; media_ids?: string[] },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'claim', body, key, async (c) => {
    const claimed = await claimedUnits(c);
    const picks = body.lines.map((want, i) => {
      const line = lineNamed(c.lines, want.line_item_id, i);
      const open = line.shipped_quantity - (claimed.get(line.id) ?? 0);
      if (want.quantity > open) {
        throw refusal(
          'conflict',
          'claim_exceeds_shipped',
          `lines.${i}.quantity`,
          line.shipped_quantity === 0
            ? `“${line.name}” has not shipped yet: report a problem once it has arrived.`
            : `Only ${line.shipped_quantity} ${plural(line.shipped_quantity, 'unit', 'units')} of “${line.name}” shipped` +
                (claimed.get(line.id)
                  ? ` and ${claimed.get(line.id)} ${plural(claimed.get(line.id)!, 'is', 'are')} in another claim`
                  : '') +
                `: at most ${open} can be claimed.`,
        );
      }
      return { line, quantity: want.quantity };
    });
    const mediaIds = [...new Set(body.media_ids ?? [])];
    if (mediaIds.length > 0) {
      const owned = await imagesOfOrganization(c.tx, c.order.purchasing_organization_id, mediaIds);
      const ok = new Set(owned.map((r) => r.id));
      const bad = (body.media_ids ?? []).findIndex((id) => !ok.has(id));
      if (bad >= 0) {
        throw refusal(
          'invalid',
          'validation_error',
          `media_ids.${bad}`,
          `media_ids.${bad}: is not a photo your organization uploaded`,
        );
      }
    }
    const lines = picks.map((p) => ({ line_item_id: p.line.id, quantity: p.quantity }));
    await c.tx.execute(sql`
      insert into order_claims (order_id, kind, lines, note, media_ids, created_by_user_id)
      values (${c.order.id}, ${body.kind}, ${JSON.stringify(lines)}::jsonb, ${body.note}, ${JSON.stringify(mediaIds)}::jsonb,
              ${c.actor.userId})`);
    const items = unitsText(picks.map((p) => ({ name: p.line.name, quantity: p.quantity })));
    await commandEvent(
      c,
      'claim_opened',
      `Problem reported (${CLAIM_KIND_LABELS[body.kind]}): ${items.join(', ')}${mediaIds.length ? `, ${mediaIds.length} ${plural(mediaIds.length, 'photo', 'photos')}` : ''}`,
      body.note,
    );
    await mailSides(ctx, c, {
      seller: {
        subject: (ref, _s, buyer) =>
          `${buyer} reports a problem with order ${ref}: ${CLAIM_KIND_LABELS[body.kind].toLowerCase()}`,
        heading: 'A retailer reports a problem with an order',
        paragraphs: (_s, buyer) => [
          `${buyer} reports ${CLAIM_KIND_LABELS[body.kind].toLowerCase()} items. Refund them, send a replacement, or decline with a reason, from the order in Cratebase.`,
        ],
        items,
        note: body.note,
      },
    });
    await touchBoth(c);
  });
}

/** Units of each line in claims not declined (open, refunded, replaced). */
async function claimedUnits(c: CommandContext): Promise<Map<string, number>> {
  const result = await c.tx.execute<{ line_item_id: string; quantity: number }>(sql`
    select (l->>'line_item_id') as line_item_id, sum((l->>'quantity')::int)::int as quantity
      from order_claims oc, jsonb_array_elements(oc.lines) l
     where oc.order_id = ${c.order.id} and oc.status <> 'declined'
     group by 1`);
  return new Map(result.rows.map((r) => [r.line_item_id, r.quantity]));
}

/** The claim, locked (the order's row is locked first), still open; 404 / 409 otherwise. */
async function openClaimOf(c: CommandContext, claimId: string): Promise<ClaimRow> {
  const result = await c.tx.execute<ClaimRow>(sql`
    select id, kind, status, lines, note from order_claims
     where id = ${claimId} and order_id = ${c.order.id}
       for update`);
  const claim = result.rows[0];
  if (!claim) throw notFound('Claim');
  if (claim.status !== 'open') {
    throw refusal('conflict', 'claim_decided', 'claim_id', `This claim was already answered (${claim.status}).`);
  }
  return claim;
}

function claimItems(c: CommandContext, claim: ClaimRow) {
  return claim.lines.map((l) => {
    const line = c.lines.find((x) => x.id === l.line_item_id);
    return {
      line_item_id: l.line_item_id,
      name: line?.name ?? '',
      quantity: l.quantity,
      price: line?.unit_price_in_cents ?? 0,
    };
  });
}

async function decide(c: CommandContext, claimId: string, set: ReturnType<typeof sql>) {
  await c.tx.execute(sql`
    update order_claims set decided_at = now(), decided_by_user_id = ${c.actor.userId}, ${set}
     where id = ${claimId}`);
}

/** POST …/orders/{order_id}/claims/{claim_id}/refund: the claimed units' price goes back. */
export function refundClaim(
  ctx: AppContext,
  orderId: string,
  claimId: string,
  actor: Actor,
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'claim-refund', { claimId }, key, async (c) => {
    const claim = await openClaimOf(c, claimId);
    const items = claimItems(c, claim);
    const slot = await claimSellerSlot(c.tx, c.order.selling_organization_id);
    const { line: moneyLine, refundId } = await giveBack(ctx, c, {
      units: items.map((i) => ({ line_item_id: i.line_item_id, quantity: i.quantity })),
      goodsCents: items.reduce((n, i) => n + i.quantity * i.price, 0),
      shippingCents: 0,
      reason: REFUND_REASON_OF[claim.kind],
      note: claim.note,
      slot,
      purpose: 'claim',
    });
    if (!moneyLine) {
      throw refusal(
        'conflict',
        'nothing_to_refund',
        'claim_id',
        'Everything paid for this order was refunded already: nothing is left to refund for this claim.',
      );
    }
    await decide(c, claimId, sql`status = 'refunded', refund_id = ${refundId}`);
    await commandEvent(c, 'claim_refunded', `Claim refunded: ${unitsText(items).join(', ')}`);
    await mailSides(ctx, c, {
      buyer: {
        subject: (ref, seller) => `${seller} refunds your claim on order ${ref}`,
        heading: 'Your claim was refunded',
        paragraphs: () => [moneyLine],
        items: unitsText(items),
      },
    });
    await touchBoth(c, slot);
  });
}

/** POST …/orders/{order_id}/claims/{claim_id}/replacement: the claimed units ship again (tracked stock goes out). */
export function replaceClaim(
  ctx: AppContext,
  orderId: string,
  claimId: string,
  actor: Actor,
  body: { carrier: Carrier; tracking_number: string },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'claim-replacement', { claimId, ...body }, key, async (c) => {
    const claim = await openClaimOf(c, claimId);
    const items = claimItems(c, claim);
    const sellerId = c.order.selling_organization_id;
    const slot = await claimSellerSlot(c.tx, sellerId);
    await lockCatalogVersion(c.tx, sellerId);
    // Tracked products give the units again, or the replacement is refused (nothing written).
    const wanted = new Map<string, number>();
    for (const i of items) {
      const line = c.lines.find((l) => l.id === i.line_item_id)!;
      wanted.set(line.product_id, (wanted.get(line.product_id) ?? 0) + i.quantity);
    }
    const taken = await takeTrackedStock(
      c.tx,
      [...wanted].map(([productId, quantity]) => ({ productId, quantity })),
    );
    if ('short' in taken) {
      throw refusal(
        'conflict',
        'out_of_stock',
        'claim_id',
        `Not enough “${taken.short.name}” in stock to send ${taken.short.count} again.`,
      );
    }
    await recordOrderSales(c.tx, sellerId, c.order.id, c.actor.userId, taken.taken);
    await decide(
      c,
      claimId,
      sql`status = 'replaced', replacement_carrier = ${body.carrier}, replacement_tracking_number = ${body.tracking_number}`,
    );
    const url = trackingUrl(body.carrier, body.tracking_number);
    await commandEvent(
      c,
      'claim_replaced',
      `Replacement sent with ${CARRIER_LABELS[body.carrier]} ${body.tracking_number}: ${unitsText(items).join(', ')}`,
    );
    await mailSides(ctx, c, {
      buyer: {
        subject: (ref, seller) => `${seller} sent a replacement for your claim on order ${ref}`,
        heading: 'A replacement is on its way',
        paragraphs: () => [
          `The replacement ships with ${CARRIER_LABELS[body.carrier]}, tracking number ${body.tracking_number}: ${url}`,
        ],
        items: unitsText(items),
      },
    });
    await touchBoth(c, slot);
  });
}

/** POST …/orders/{order_id}/claims/{claim_id}/decline: the seller says why not. */
export function declineClaim(
  ctx: AppContext,
  orderId: string,
  claimId: string,
  actor: Actor,
  body: { reason: string },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'claim-decline', { claimId, ...body }, key, async (c) => {
    const claim = await openClaimOf(c, claimId);
    await decide(c, claimId, sql`status = 'declined', decision_note = ${body.reason}`);
    await commandEvent(c, 'claim_declined', `Claim declined (${CLAIM_KIND_LABELS[claim.kind]})`, body.reason);
    await mailSides(ctx, c, {
      buyer: {
        subject: (ref, seller) => `${seller} declined your claim on order ${ref}`,
        heading: 'Your claim was declined',
        paragraphs: (seller) => [`${seller} declined your claim and gave this reason:`],
        items: unitsText(claimItems(c, claim)),
        note: body.reason,
      },
    });
    await touchBoth(c);
  });
}
