/**
 * Backorders (issue 23 §4, "Report unavailable items"): the seller marks units of lines it
 * cannot ship now, with the day it expects them; the retailer chooses per line to wait (the
 * units stay on the order as a backorder and ship later) or to cancel them (refunded, or the
 * open invoice reduced, stock back — a cancellation by the seller's shortage, so the seller's
 * minimum does not apply). Until the retailer chooses, those units cannot ship; the rest ships as
 * usual. Commands of commands.ts: one transaction under the order row's lock each.
 */
import { MAX_RESTOCK_DAYS, isOpenOrderState, unitsLeft, type Order } from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { formatDay } from '../../lib/pdf/toolkit.js';
import { refusal } from '../../lib/errors.js';
import { reportLinesUnavailable, waitForLines } from '../carts/order-lines.js';
import { recordOrderEvent } from '../orders/events.js';
import {
  cancelUnits,
  closedRefusal,
  lineNamed,
  commandEvent,
  mailSides,
  plural,
  runCommand,
  touchBoth,
  unitsText,
  type Actor,
} from './commands.js';

const DAY_MS = 86_400_000;

/** POST /api/organization/{org_id}/orders/{order_id}/unavailable. */
export function reportUnavailable(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: { lines: { line_item_id: string; quantity: number }[]; restock_on: string; note?: string | null },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'unavailable', body, key, async (c) => {
    if (!isOpenOrderState(c.order.state)) throw closedRefusal(c.order, 'changed');
    const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
    const day = Date.parse(`${body.restock_on}T00:00:00Z`);
    if (day < today || day > today + MAX_RESTOCK_DAYS * DAY_MS) {
      throw refusal(
        'invalid',
        'validation_error',
        'restock_on',
        `restock_on: must be between today and ${MAX_RESTOCK_DAYS} days from now`,
      );
    }
    const picks = body.lines.map((want, i) => {
      const line = lineNamed(c.lines, want.line_item_id, i);
      const left = unitsLeft(line);
      if (want.quantity > left) {
        throw refusal(
          'conflict',
          'units_not_open',
          `lines.${i}.quantity`,
          left === 0
            ? `Nothing is left to ship of “${line.name}”.`
            : `Only ${left} ${plural(left, 'unit', 'units')} of “${line.name}” ${plural(left, 'is', 'are')} left to ship.`,
        );
      }
      return { line, quantity: want.quantity };
    });
    await reportLinesUnavailable(
      c.tx,
      picks.map((p) => ({ lineId: p.line.id, quantity: p.quantity })),
      body.restock_on,
    );
    const items = unitsText(picks.map((p) => ({ name: p.line.name, quantity: p.quantity })));
    const when = formatDay(body.restock_on);
    await commandEvent(
      c,
      'unavailable_reported',
      `Unavailable until about ${when}: ${items.join(', ')}`,
      body.note ?? null,
    );
    await mailSides(ctx, c, {
      buyer: {
        subject: (ref, seller) => `${seller}: some items of order ${ref} are unavailable — wait or cancel?`,
        heading: 'Some items are unavailable for now',
        paragraphs: (seller) => [
          `${seller} cannot ship these items now and expects them back around ${when}. Open the order to choose, for each, to wait for them (they ship later) or to cancel them (what you paid for them is refunded). The rest of the order ships as usual.`,
        ],
        items,
        note: body.note ?? null,
      },
    });
    await touchBoth(c);
  });
}

/** POST /api/order/{order_id}/backorders: the retailer waits for, or cancels, each line reported unavailable. */
export function chooseBackorders(
  ctx: AppContext,
  orderId: string,
  actor: Actor,
  body: { lines: { line_item_id: string; choice: 'wait' | 'cancel' }[] },
  key?: string,
): Promise<Order> {
  return runCommand(ctx, orderId, actor, 'backorders', body, key, async (c) => {
    if (!isOpenOrderState(c.order.state)) throw closedRefusal(c.order, 'changed');
    const choices = body.lines.map((want, i) => {
      const line = lineNamed(c.lines, want.line_item_id, i);
      if (!line.backorder || line.unavailable_quantity === 0) {
        throw refusal(
          'conflict',
          'no_backorder',
          `lines.${i}.line_item_id`,
          `“${line.name}” has no units reported unavailable (they shipped or were cancelled meanwhile).`,
        );
      }
      if (want.choice === 'wait' && line.backorder === 'waiting') {
        throw refusal(
          'conflict',
          'backorder_chosen',
          `lines.${i}.choice`,
          `You already chose to wait for “${line.name}”.`,
        );
      }
      return { line, choice: want.choice, quantity: line.unavailable_quantity };
    });
    const waits = choices.filter((x) => x.choice === 'wait');
    const cancels = choices.filter((x) => x.choice === 'cancel');
    await waitForLines(
      c.tx,
      waits.map((w) => w.line.id),
    );
    const summary = [
      waits.length
        ? `Waits for ${unitsText(waits.map((w) => ({ name: w.line.name, quantity: w.quantity }))).join(', ')}`
        : '',
      cancels.length
        ? `Cancels ${unitsText(cancels.map((w) => ({ name: w.line.name, quantity: w.quantity }))).join(', ')}`
        : '',
    ]
      .filter(Boolean)
      .join('; ');
    // The command's key goes on its last event: the cancellation's when units are cancelled.
    await recordOrderEvent(c.tx, {
      orderId: c.order.id,
      kind: 'backorder_chosen',
      side: 'buyer',
      userId: c.actor.userId,
      summary,
      idempotency: cancels.length > 0 ? undefined : c.idempotency,
    });
    if (cancels.length > 0) {
      // The seller's shortage: its minimum does not hold the retailer to the rest.
      await cancelUnits(ctx, c, {
        units: cancels.map((x) => ({ line_item_id: x.line.id, quantity: x.quantity })),
        reason: 'out_of_stock',
        note: null,
        money: 'settle',
        keepMinimum: false,
      });
    } else {
      await mailSides(ctx, c, {
        seller: {
          subject: (ref, _s, buyer) => `${buyer} will wait for the unavailable items of order ${ref}`,
          heading: 'The retailer waits for the backorder',
          paragraphs: (_s, buyer) => [`${buyer} chose to wait for these items; ship them when they are back.`],
          items: unitsText(waits.map((w) => ({ name: w.line.name, quantity: w.quantity }))),
        },
      });
      await touchBoth(c);
    }
  });
}
