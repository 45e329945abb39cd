/**
 * The buyer's purchase order number at checkout step 2 (issue 13): typed in the billing page,
 * kept on the cart's draft order (`cart.order.po_number`) by POST /api/order/{order_id}/po_number
 * (api.ts useSavePoNumber),
 * and saved again just before paying so the order is placed with what the field shows. Once
 * the order is placed the number is frozen (the server answers 409).
 */
import { useCallback, useRef, useState, type RefObject } from 'react';
import { normalizePoNumber, poNumberError, type Cart } from '@cratebase/contract';
import { ApiError, errorMessage } from '../../../lib/api';
import { useSavePoNumber } from './api';

/** The field's sentence for a problem the rules (or the server) name, e.g. "may contain only …". */
export const poNumberProblem = (problem: string) => `A PO number ${problem}${problem.endsWith('.') ? '' : '.'}`;

export interface PoNumberField {
  value: string;
  onChange: (value: string) => void;
  /** The problem to show under the field, or null. */
  error: string | null;
  saving: boolean;
  /** True once the value shown is the one the order keeps (after a save in this visit). */
  saved: boolean;
  /**
   * Saves the value when it differs from the order's; resolves true when the order holds it (or
   * it needed no save), false when it is refused (the field then says why).
   */
  save: () => Promise<boolean>;
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The PO number field of the cart's draft order. */
export function usePoNumberField(sellerOrgId: string, cart: Cart): PoNumberField {
  const orderId = cart.order.id;
  const held = cart.order.po_number ?? null;
  const [value, setValue] = useState(held ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // What was last saved (the cart is read again after a save, so `held` follows a little later).
  const lastSaved = useRef<string | null>(held);
  // A save on its way (leaving the field, then pressing Pay, saves once).
  const inFlight = useRef<{ value: string | null; done: Promise<boolean> } | null>(null);

  const mutation = useSavePoNumber(sellerOrgId, orderId);
  const { mutateAsync } = mutation;

  const save = useCallback(async (): Promise<boolean> => {
    const problem = poNumberError(value);
    if (problem) {
      setError(poNumberProblem(problem));
      inputRef.current?.focus();
      return false;
    }
    const next = normalizePoNumber(value);
    if (inFlight.current?.value === next) return inFlight.current.done;
    if (next === lastSaved.current) return true;
    const done = mutateAsync(next).then(
      (order) => {
        lastSaved.current = order.po_number ?? null;
        setSaved(true);
        return true;
      },
      (failure: unknown) => {
        const issue = failure instanceof ApiError ? failure.issueFor('po_number') : undefined;
        setError(issue ? poNumberProblem(issue) : errorMessage(failure));
        return false;
      },
    );
    const entry = { value: next, done };
    inFlight.current = entry;
    void done.finally(() => {
      if (inFlight.current === entry) inFlight.current = null;
    });
    return done;
  }, [value, mutateAsync]);

  const onChange = useCallback((next: string) => {
    setValue(next);
    setSaved(false);
    setError(null);
  }, []);

  return { value, onChange, error, saving: mutation.isPending, saved, save, inputRef };
}
