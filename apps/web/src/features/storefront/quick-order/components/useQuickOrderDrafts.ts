import { useState } from 'react';
import { unitPriceForQuantity, type Cart, type ProductSheetRow } from '@cratebase/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import type { CartPair } from '../../cart/cart-store';
import { setCartLines } from '../api';
import { addedQuantity, heldQuantity } from '../bulk-lines';

/** A quantity typed for a product, with the row it was typed in (it stays when the filter changes). */
export interface Draft {
  row: ProductSheetRow;
  text: string;
}

/** The server's reason for a line it refused, with the product's name. */
export interface Refusal {
  name: string;
  message: string;
}

const WHOLE_NUMBER = /^\d+$/;

/** Why the typed text cannot be sent ("" = nothing typed), or null when it can. */
export function typingProblem(text: string): string | null {
  if (text === '' || WHOLE_NUMBER.test(text)) return null;
  return 'Type a whole number';
}

/**
 * What the buyer typed in the quick order sheet, and adding it all to the cart: the quantities
 * by product, their count, units and value (at the price of the quantity the cart will hold), and
 * the lines the server refused with its reasons, kept until the quantity is changed. Adding sends
 * every ready quantity in one request (setCartLines) and keeps the refused ones typed.
 */
export function useQuickOrderDrafts(pair: CartPair | null, cart: Cart | undefined) {
  const client = useQueryClient();
  const toast = useToast();
  const [drafts, setDrafts] = useState<ReadonlyMap<string, Draft>>(new Map());
  /** The server's reasons for the lines it refused, by product, until the quantity is changed. */
  const [refusals, setRefusals] = useState<ReadonlyMap<string, Refusal>>(new Map());
  const [adding, setAdding] = useState(false);

  const typed = [...drafts.values()].filter((d) => d.text !== '');
  const ready = typed.filter((d) => typingProblem(d.text) === null && Number(d.text) > 0);
  const units = ready.reduce((sum, d) => sum + Number(d.text), 0);
  const held = (productId: string) => (cart ? heldQuantity(cart, { product_id: productId }) : 0);
  const valueCents = ready.reduce((sum, d) => {
    const total = addedQuantity(held(d.row.id), Number(d.text));
    return sum + Number(d.text) * unitPriceForQuantity(d.row.unit_price_in_cents, d.row.price_breaks, total);
  }, 0);
  const blocked = typed.length - ready.length;

  const setDraft = (row: ProductSheetRow, text: string) => {
    setDrafts((current) => {
      const next = new Map(current);
      if (text === '') next.delete(row.id);
      else next.set(row.id, { row, text });
      return next;
    });
    if (refusals.has(row.id)) {
      setRefusals((current) => {
        const next = new Map(current);
        next.delete(row.id);
        return next;
      });
    }
  };

  const addAll = async () => {
    if (!pair || ready.length === 0 || adding) return;
    const sending = ready;
    setAdding(true);
    try {
      const answer = await setCartLines(client, pair, (current) =>
        sending.map((d) => ({
          product_id: d.row.id,
          quantity: addedQuantity(heldQuantity(current, { product_id: d.row.id }), Number(d.text)),
        })),
      );
      const refused = new Map<string, Refusal>();
      const added = new Set<string>();
      for (const result of answer.results) {
        const draft = sending[result.index]!;
        if (result.status === 'refused') {
          refused.set(draft.row.id, { name: draft.row.name, message: result.message ?? 'Could not be added' });
        } else {
          added.add(draft.row.id);
        }
      }
      setDrafts((current) => new Map([...current].filter(([id]) => !added.has(id))));
      setRefusals(refused);
      const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;
      if (refused.size === 0) {
        toast.show(`Added ${products(added.size)} to your cart.`, { severity: 'success' });
      } else {
        toast.show(`Added ${products(added.size)} to your cart; ${refused.size} could not be added.`, {
          severity: 'warning',
        });
      }
    } catch (error) {
      toast.show(errorMessage(error), { severity: 'error' });
    } finally {
      setAdding(false);
    }
  };

  const clear = () => {
    setDrafts(new Map());
    setRefusals(new Map());
  };

  return { drafts, refusals, adding, typed, ready, units, valueCents, blocked, held, setDraft, addAll, clear };
}
